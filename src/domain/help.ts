/**
 * "Ask for Help": a help request a learner posts on the community forum (or wherever
 * they get help), prefilled with what a helper needs to know about their project. Pure text: the
 * screen shows it or puts it in the forum's new-topic address.
 */
import type { ProjectDetailView } from '../api/learning/contract.ts';

export type HelpRequest = { title: string; body: string };

export type HelpProject = Pick<ProjectDetailView, 'title' | 'path' | 'progress' | 'tasks' | 'status' | 'submission'>;

/** The post's title and body: the project, its path, the tasks done, the next open task and the repository. */
export function helpRequest(project: HelpProject): HelpRequest {
  const { completed, total } = project.progress;
  const next = project.status === 'in-progress' ? project.tasks.find((task) => !task.completed) : undefined;
  const lines = [
    `I’m working on the project “${project.title}” in the ${project.path.title} path on PathForge.`,
    '',
    `Tasks done: ${completed} of ${total}`,
    ...(next ? [`Working on: ${next.title}`] : []),
    ...(project.submission ? [`Repository: ${project.submission.repositoryUrl}`] : []),
    '',
    'What I’m stuck on:',
    '(Describe what you tried, what you expected and what happened instead.)',
  ];
  return { title: `Help with ${project.title} (${project.path.title})`, body: lines.join('\n') };
}

/**
 * The forum's new-topic address with the request as its `title` and `body` query parameters (the
 * form Discourse's /new-topic reads). Null when `base` is not an http(s) address.
 */
export function communityTopicUrl(base: string, request: HelpRequest): string | null {
  let url: URL;
  try {
    url = new URL(base.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set('title', request.title);
  url.searchParams.set('body', request.body);
  return url.toString();
}
