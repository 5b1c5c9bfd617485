import { describe, expect, it } from 'vitest';
import { completedProjectView, inProgressProjectView, readyToSubmitProjectView } from '../fixtures/progress';
import { communityTopicUrl, helpRequest } from './help';

describe('helpRequest', () => {
  it('names the project, its path, the tasks done and the task being worked on', () => {
    const p = inProgressProjectView;
    const next = p.tasks.find((t) => !t.completed);
    const { title, body } = helpRequest(p);
    expect(title).toBe(`Help with ${p.title} (${p.path.title})`);
    expect(body).toBe(
      [
        `I’m working on the project “${p.title}” in the ${p.path.title} path on PathForge.`,
        '',
        `Tasks done: ${p.progress.completed} of ${p.progress.total}`,
        `Working on: ${next?.title}`,
        '',
        'What I’m stuck on:',
        '(Describe what you tried, what you expected and what happened instead.)',
      ].join('\n'),
    );
    expect(body).toContain('Tasks done: 3 of 8');
  });

  it('gives the repository once one is submitted, and no task being worked on', () => {
    const { body } = helpRequest(completedProjectView);
    expect(body).toContain(`Repository: ${completedProjectView.submission?.repositoryUrl}`);
    expect(body).not.toContain('Working on:');
  });

  it('names no task being worked on when every task is ticked', () => {
    expect(helpRequest(readyToSubmitProjectView).body).not.toContain('Working on:');
  });
});

describe('communityTopicUrl', () => {
  const request = { title: 'Help with X (Y)', body: 'Line one\n\nTasks done: 3 of 8 & more' };

  it('adds the title and body to the forum’s new-topic address', () => {
    const url = new URL(communityTopicUrl('https://forum.example.com/new-topic', request) ?? '');
    expect(url.origin + url.pathname).toBe('https://forum.example.com/new-topic');
    expect(url.searchParams.get('title')).toBe(request.title);
    expect(url.searchParams.get('body')).toBe(request.body);
  });

  it('keeps the address’s own parameters', () => {
    const url = new URL(communityTopicUrl('https://forum.example.com/new-topic?category=help', request) ?? '');
    expect(url.searchParams.get('category')).toBe('help');
    expect(url.searchParams.get('title')).toBe(request.title);
  });

  it('refuses what is not a web address', () => {
    expect(communityTopicUrl('', request)).toBeNull();
    expect(communityTopicUrl('forum.example.com', request)).toBeNull();
    expect(communityTopicUrl('javascript:alert(1)', request)).toBeNull();
  });
});
