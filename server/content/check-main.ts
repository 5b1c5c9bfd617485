/**
 * `npm run content:check`: loads content/ with every rule (server/content/load.ts) and prints
 * what it found, or every problem with the file it is in. Exit 1 on a problem.
 */
import { ContentError, loadCurriculum } from './load.ts';

try {
  const curriculum = loadCurriculum();
  const tasks = curriculum.projects.reduce((n, p) => n + p.tasks.length, 0);
  console.log(
    `content/ is valid: ${curriculum.paths.length} paths, ${curriculum.projects.length} projects, ${tasks} tasks, ` +
      `${curriculum.badges.length} badges, ${curriculum.retiredIds.length} retired ids; version ${curriculum.version.slice(0, 12)}`,
  );
  for (const path of curriculum.paths) {
    const projects = curriculum.projects.filter((p) => p.pathId === path.id);
    console.log(`  ${path.title.padEnd(24)} ${String(projects.length).padStart(2)} projects, ${path.totalHours} h, ${path.durationWeeks} weeks`);
    for (const p of projects) {
      console.log(`    ${p.title.padEnd(30)} ${p.difficulty.padEnd(12)} ${String(p.hours).padStart(3)} h  ${p.durationWeeks} wk  ${String(p.xp).padStart(5)} XP`);
    }
  }
  console.log('Badges:');
  for (const badge of curriculum.badges) {
    const retired = badge.retiredOn ? `, retired ${badge.retiredOn}` : '';
    console.log(`  ${badge.title.padEnd(24)} ${badge.rule} ≥ ${badge.target} (${badge.description}${retired})`);
  }
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
