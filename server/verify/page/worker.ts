/**
 * The page checker's child process: opens one browser session, runs the checks it is sent (the HTML
 * checks first, so the Nu checker's Java works while the other pages load) and sends each outcome
 * back as soon as it has it (so a run killed later keeps what it finished), then closes the browser
 * and exits. It leaves with its parent: when the parent goes, so does it.
 */
import type { PageCheck } from '../../../src/domain/verification.ts';
import type { CheckOutcome } from '../contract.ts';
import { openSession, type SessionOptions } from './session.ts';

export type Job = { liveUrl: string; checks: PageCheck[]; session: SessionOptions };
export type WorkerMessage = { type: 'outcome'; index: number; outcome: CheckOutcome } | { type: 'failed'; reason: string } | { type: 'done' };

function send(message: WorkerMessage): Promise<void> {
  return new Promise((resolve) => process.send!(message, undefined, {}, () => resolve()));
}

process.on('disconnect', () => process.exit(0));

process.once('message', async (job: Job) => {
  let session;
  try {
    session = await openSession(job.session);
  } catch (error) {
    await send({ type: 'failed', reason: error instanceof Error ? error.message.split('\n')[0]! : String(error) });
    process.exit(1);
  }
  const later: Promise<void>[] = [];
  const order = [...job.checks.keys()].sort((a, b) => Number(job.checks[b]!.rule === 'valid-html') - Number(job.checks[a]!.rule === 'valid-html'));
  for (const index of order) {
    const check = job.checks[index]!;
    const answer = await session.run(job.liveUrl, check);
    if ('later' in answer) later.push(answer.later.then((outcome) => send({ type: 'outcome', index, outcome })));
    else await send({ type: 'outcome', index, outcome: answer });
  }
  await Promise.all(later);
  await session.close();
  await send({ type: 'done' });
  process.exit(0);
});
