import type { LucideIcon } from 'lucide-react';
import {
  Award,
  BarChart3,
  Briefcase,
  Code2,
  Compass,
  GitPullRequest,
  GraduationCap,
  Layers,
  Rocket,
  Route,
  Sprout,
  Target,
  Timer,
  Users,
  Workflow,
} from 'lucide-react';

/**
 * The copy of the landing page's sections below the top bar (./parts/sections.ts): loaded with them,
 * not with the page's start-up. The top bar's is in ./content.ts.
 */

/** The id of the Platform overview section ("Watch Demo" scrolls there). */
export const overviewId = 'overview';

export type Stat = { value: string; label: string };

/** The product's headline numbers, as the marketing copy states them. */
export const stats: readonly Stat[] = [
  { value: '10K+', label: 'Projects Completed' },
  { value: '50K+', label: 'Active Users' },
  { value: '1M+', label: 'Lines of Code' },
  { value: '1-4 weeks', label: 'Per Project' },
];

/** The technologies the paths teach, as the marketing copy names them. */
export const technologies: readonly string[] = ['HTML', 'CSS', 'JavaScript', 'React', 'Node.js', 'Git', 'Databases'];

export type IconCard = { icon: LucideIcon; title: string; description: string };

/** How It Works: exactly 3 steps. */
export const steps: readonly IconCard[] = [
  {
    icon: Compass,
    title: 'Choose a learning path',
    description: 'Pick frontend, backend, full-stack or mobile. Each path is a sequence of real projects, ordered from your first page to production-ready apps.',
  },
  {
    icon: Code2,
    title: 'Build projects with guidance',
    description: 'Every project comes with objectives, requirements, resources and a task checklist, so you always know the next step. Projects last 1-4 weeks.',
  },
  {
    icon: BarChart3,
    title: 'Track your progress',
    description: 'Earn XP, level up, keep your streak and collect badges. Your dashboard shows what you have built and what comes next.',
  },
];

/** Features: the product's five marketing claims, one card each. */
export const features: readonly IconCard[] = [
  {
    icon: Workflow,
    title: 'Guided project workflows',
    description: 'Step-by-step tasks take you from the first commit to a finished, deployed project.',
  },
  {
    icon: Layers,
    title: 'Microservices & full-stack topics',
    description: 'Go beyond tutorials: build frontends, APIs, databases and services that talk to each other.',
  },
  {
    icon: GitPullRequest,
    title: 'Code reviews',
    description: 'Get feedback on the code you write and learn the habits professional teams expect.',
  },
  {
    icon: Target,
    title: 'Trackable metrics',
    description: 'XP, levels, streaks and badges turn your learning into progress you can see and share.',
  },
  {
    icon: Users,
    title: 'Team collaboration',
    description: 'Work with other learners the way developers do: branches, pull requests and shared goals.',
  },
];

/** Benefits: exactly 4 cards. */
export const benefits: readonly IconCard[] = [
  {
    icon: Briefcase,
    title: 'A portfolio that proves your skills',
    description: 'Every finished project is real, working code you can show to employers.',
  },
  {
    icon: Rocket,
    title: 'Learn by doing',
    description: 'Less watching, more building: you practise each concept the moment you learn it.',
  },
  {
    icon: Timer,
    title: 'Learn at your own pace',
    description: 'Short, focused projects of 1-4 weeks fit around work, study and family.',
  },
  {
    icon: Award,
    title: 'Stay motivated',
    description: 'Streaks, badges and a leaderboard keep you coming back, one project at a time.',
  },
];

/** Who Is it For: the product's three audiences. */
export const audiences: readonly IconCard[] = [
  {
    icon: Sprout,
    title: 'Beginners',
    description: 'Start from zero with HTML, CSS and JavaScript and build your first real projects with a clear path.',
  },
  {
    icon: GraduationCap,
    title: 'Bootcamp graduates',
    description: 'Turn what you learned into a portfolio of complete, production-style projects.',
  },
  {
    icon: Route,
    title: 'Career switchers',
    description: 'Follow a structured path into software development and build the experience employers look for.',
  },
];

export type OverviewShot = { src: string; alt: string; title: string; width: number; height: number };

/**
 * Platform overview: screenshots of PathForge's own screens, copied from their committed story baselines by
 * scripts/overview-images.mjs (listed in scripts/overview-images.json; a unit test keeps the two in step).
 */
export const overviewShots: readonly OverviewShot[] = [
  {
    src: '/images/overview/dashboard.png',
    alt: 'The PathForge dashboard: a welcome banner with the daily streak, the level and the XP to the next one, the current project with its progress, the path it belongs to, upcoming projects, the best rated learning paths and this week’s top learners.',
    title: 'Your dashboard: streak, level and what to build next',
    width: 1200,
    height: 1432,
  },
  {
    src: '/images/overview/path.png',
    alt: 'A PathForge learning path: Frontend Development with its progress bar, project cards marked completed, in progress or locked with what unlocks them, and a rating of the path.',
    title: 'A learning path, project by project',
    width: 1200,
    height: 1723,
  },
  {
    src: '/images/overview/workspace.png',
    alt: 'The PathForge project workspace: a task checklist with a progress bar, a code editor panel, project goals, resources and a Submit Project box for a GitHub repository URL and the live URL the checks open.',
    title: 'The workspace: tick off tasks, submit your repository',
    width: 1200,
    height: 1806,
  },
];

/** A pricing plan: every plan has exactly these fields. */
export type PricingPlan = {
  title: string;
  price: string;
  duration: string;
  features: readonly string[];
  buttonText: string;
  highlighted: boolean;
};

/** The three plans, their prices, features and buttons word for word (the middle one highlighted). */
export const plans: readonly PricingPlan[] = [
  {
    title: 'Starter',
    price: '$0',
    duration: 'month',
    features: ['3 guided projects', 'Community support', 'Basic progress tracking'],
    buttonText: 'Get Started',
    highlighted: false,
  },
  {
    title: 'Pro Developer',
    price: '$19',
    duration: 'month',
    features: ['Unlimited projects', 'Skill paths', 'Code tools and reports', 'Weekly project feedback'],
    buttonText: 'Start Building',
    highlighted: true,
  },
  {
    title: 'Mentor Plus',
    price: '$49',
    duration: 'month',
    features: ['Everything in Pro', '1-on-1 mentorship', 'Resume review', 'Live workshops', 'Certifications'],
    buttonText: 'Join Now',
    highlighted: false,
  },
];

/** The label the highlighted plan carries. */
export const popularLabel = 'Most Popular';

export type Faq = { question: string; answer: string };

export const faqs: readonly Faq[] = [
  {
    question: 'What is PathForge?',
    answer:
      'PathForge teaches software development through real-world projects. You follow a learning path made of projects, earn XP, levels, streaks and badges as you go, and finish with a portfolio of working code.',
  },
  {
    question: 'Which technologies will I use?',
    answer: 'Paths cover HTML, CSS, JavaScript, React, Node.js, Git and databases, from your first web page to full-stack apps and services.',
  },
  {
    question: 'How long does a project take?',
    answer: 'Most projects last 1-4 weeks. Each one is split into clear tasks, so you can make progress in a short evening session and pick up where you left off.',
  },
  {
    question: 'Do I need a credit card to start?',
    answer: 'No. The Starter plan is free ($0/month) with 3 guided projects, community support and basic progress tracking. No credit card is required.',
  },
  {
    question: 'Can I change my plan later?',
    answer: 'Yes. Start on Starter and move to Pro Developer or Mentor Plus whenever you want unlimited projects, weekly feedback or 1-on-1 mentorship.',
  },
];
