/**
 * Seeds the curriculum into the database at API start: idempotent, and skipped when
 * this content version was applied before. Every item is upserted by id; an item that left
 * content/ is marked retired, never deleted, so learners' progress on it stays in their history.
 * A slug that changed keeps redirecting (its old value goes to slug_redirects, as do the
 * `formerSlugs` the content lists). One transaction, under a lock: instances starting together
 * seed once.
 */
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import { lockTransaction } from '../db/dialect.ts';
import type { LoadedCurriculum } from './load.ts';

export type SeedResult =
  | { applied: false; version: string }
  | { applied: true; version: string; paths: number; projects: number; tasks: number; retired: number; redirects: number };

export async function seedCurriculum(db: Db, curriculum: LoadedCurriculum, now: string): Promise<SeedResult> {
  const { version } = curriculum;
  return db.transaction().execute(async (tx) => {
    await lockTransaction(tx as unknown as Kysely<unknown>, 'pathforge:content-seed');
    const seen = await tx.selectFrom('content_versions').select('version').where('version', '=', version).executeTakeFirst();
    if (seen) return { applied: false, version };

    const pathIds = curriculum.paths.map((p) => p.id);
    const sectionIds = curriculum.paths.flatMap((p) => p.sections.map((s) => s.id));
    const projectIds = curriculum.projects.map((p) => p.id);
    const taskIds = curriculum.projects.flatMap((p) => p.tasks.map((t) => t.id));

    // Old slugs first: a slug that changed since the last seed keeps working.
    const redirects = new Map<string, { kind: 'path' | 'project'; old_slug: string; target_id: string }>();
    const addRedirect = (kind: 'path' | 'project', oldSlug: string, targetId: string) =>
      redirects.set(`${kind}:${oldSlug}`, { kind, old_slug: oldSlug, target_id: targetId });
    const oldPaths = await tx.selectFrom('paths').select(['id', 'slug']).execute();
    const oldProjects = await tx.selectFrom('projects').select(['id', 'slug']).execute();
    const newPathSlug = new Map(curriculum.paths.map((p) => [p.id, p.slug]));
    const newProjectSlug = new Map(curriculum.projects.map((p) => [p.id, p.slug]));
    for (const { id, slug } of oldPaths) if (newPathSlug.has(id) && newPathSlug.get(id) !== slug) addRedirect('path', slug, id);
    for (const { id, slug } of oldProjects) if (newProjectSlug.has(id) && newProjectSlug.get(id) !== slug) addRedirect('project', slug, id);
    for (const p of curriculum.paths) for (const former of p.formerSlugs) addRedirect('path', former, p.id);
    for (const p of curriculum.projects) for (const former of p.formerSlugs) addRedirect('project', former, p.id);

    await tx
      .insertInto('paths')
      .values(
        curriculum.paths.map((p) => ({
          id: p.id,
          slug: p.slug,
          title: p.title,
          summary: p.summary,
          level: p.level,
          category: p.category,
          duration_weeks: p.durationWeeks,
          color: p.color,
          image: p.image ?? null,
          position: p.position,
          status: 'active' as const,
        })),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          slug: eb.ref('excluded.slug'),
          title: eb.ref('excluded.title'),
          summary: eb.ref('excluded.summary'),
          level: eb.ref('excluded.level'),
          category: eb.ref('excluded.category'),
          duration_weeks: eb.ref('excluded.duration_weeks'),
          color: eb.ref('excluded.color'),
          image: eb.ref('excluded.image'),
          position: eb.ref('excluded.position'),
          status: eb.ref('excluded.status'),
        })),
      )
      .execute();
    await tx
      .insertInto('path_sections')
      .values(
        curriculum.paths.flatMap((p) =>
          p.sections.map((s) => ({ id: s.id, path_id: p.id, title: s.title, summary: s.summary, position: s.position, status: 'active' as const })),
        ),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          path_id: eb.ref('excluded.path_id'),
          title: eb.ref('excluded.title'),
          summary: eb.ref('excluded.summary'),
          position: eb.ref('excluded.position'),
          status: eb.ref('excluded.status'),
        })),
      )
      .execute();
    await tx
      .insertInto('projects')
      .values(
        curriculum.projects.map((p) => ({
          id: p.id,
          slug: p.slug,
          path_id: p.pathId,
          section_id: p.sectionId,
          position: p.position,
          title: p.title,
          summary: p.summary,
          brief: p.brief,
          difficulty: p.difficulty,
          duration_weeks: p.durationWeeks,
          hours: p.hours,
          xp: p.xp,
          objectives: JSON.stringify(p.objectives),
          skills: JSON.stringify(p.skills),
          requirements: JSON.stringify(p.requirements),
          resources: JSON.stringify(p.resources),
          status: 'active' as const,
        })),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          slug: eb.ref('excluded.slug'),
          path_id: eb.ref('excluded.path_id'),
          section_id: eb.ref('excluded.section_id'),
          position: eb.ref('excluded.position'),
          title: eb.ref('excluded.title'),
          summary: eb.ref('excluded.summary'),
          brief: eb.ref('excluded.brief'),
          difficulty: eb.ref('excluded.difficulty'),
          duration_weeks: eb.ref('excluded.duration_weeks'),
          hours: eb.ref('excluded.hours'),
          xp: eb.ref('excluded.xp'),
          objectives: eb.ref('excluded.objectives'),
          skills: eb.ref('excluded.skills'),
          requirements: eb.ref('excluded.requirements'),
          resources: eb.ref('excluded.resources'),
          status: eb.ref('excluded.status'),
        })),
      )
      .execute();
    const tasks = curriculum.projects.flatMap((p) =>
      p.tasks.map((t) => ({
        id: t.id,
        project_id: p.id,
        title: t.title,
        position: t.position,
        status: 'active' as const,
      })),
    );
    // In slices: one statement's parameters stay well under either database's limit.
    for (let i = 0; i < tasks.length; i += 400) {
      await tx
        .insertInto('tasks')
        .values(tasks.slice(i, i + 400))
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            project_id: eb.ref('excluded.project_id'),
            title: eb.ref('excluded.title'),
            position: eb.ref('excluded.position'),
            status: eb.ref('excluded.status'),
          })),
        )
        .execute();
    }
    // Prerequisites are content, not learner data: the edges are replaced as a whole.
    await tx.deleteFrom('project_prerequisites').execute();
    const edges = curriculum.projects.flatMap((p) => p.prerequisites.map((requires) => ({ project_id: p.id, requires_id: requires })));
    if (edges.length > 0) await tx.insertInto('project_prerequisites').values(edges).execute();
    if (redirects.size > 0) {
      await tx
        .insertInto('slug_redirects')
        .values([...redirects.values()])
        .onConflict((oc) => oc.columns(['kind', 'old_slug']).doUpdateSet((eb) => ({ target_id: eb.ref('excluded.target_id') })))
        .execute();
    }

    // What left content/ is retired, never deleted.
    let retired = 0;
    const retire = async (table: 'paths' | 'path_sections' | 'projects' | 'tasks', keep: string[]) => {
      const result = await tx.updateTable(table).set({ status: 'retired' }).where('status', '=', 'active').where('id', 'not in', keep).executeTakeFirst();
      retired += Number(result.numUpdatedRows);
    };
    await retire('tasks', taskIds);
    await retire('projects', projectIds);
    await retire('path_sections', sectionIds);
    await retire('paths', pathIds);

    await tx.insertInto('content_versions').values({ version, applied_at: now }).execute();
    return {
      applied: true,
      version,
      paths: pathIds.length,
      projects: projectIds.length,
      tasks: taskIds.length,
      retired,
      redirects: redirects.size,
    };
  });
}
