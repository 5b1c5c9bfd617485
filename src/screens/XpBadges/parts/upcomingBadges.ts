import { Code, Flame, Layers, Star, Trophy, Zap, type LucideIcon } from 'lucide-react';

/** A badge the spec names (§5 sample badge conditions). None can be earned yet: badges arrive with XP. */
export type UpcomingBadge = { id: string; title: string; description: string; Icon: LucideIcon; palette: string };

/** The six badges, their titles and what will earn them. */
export const UPCOMING_BADGES: UpcomingBadge[] = [
  { id: 'speed-runner', title: 'Speed Runner', description: 'Complete 5 projects in a week', Icon: Zap, palette: 'orange' },
  { id: 'code-warrior', title: 'Code Warrior', description: 'Write 10,000 lines of code', Icon: Code, palette: 'brand' },
  { id: 'streak-master', title: 'Streak Master', description: 'Keep a 7-day streak', Icon: Flame, palette: 'red' },
  { id: 'xp-hunter', title: 'XP Hunter', description: 'Earn 10,000 XP', Icon: Star, palette: 'purple' },
  { id: 'project-pro', title: 'Project Pro', description: 'Complete 20 projects', Icon: Trophy, palette: 'yellow' },
  { id: 'polyglot', title: 'Polyglot', description: 'Learn 3 technologies', Icon: Layers, palette: 'green' },
];
