import type { Plugin } from 'vite';
import { CONTENT_DIR, loadCurriculum } from '../../server/content/load.ts';

const ID = 'virtual:curriculum';
const RESOLVED = `\0${ID}`;

/**
 * `import curriculum from 'virtual:curriculum'`: the curriculum of `content/`, read and checked by
 * the API's own loader, for the stories' and unit tests' fixtures (the curriculum is written once,
 * in content/; src/fixtures derives what screens show from it). Only src/fixtures imports it, so
 * no production chunk carries it (`npm run size` checks). Editing content/ reloads it.
 */
export function curriculumModule(): Plugin {
  return {
    name: 'content:curriculum',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const { version, ...curriculum } = loadCurriculum();
      return `export default ${JSON.stringify({ ...curriculum, version })};`;
    },
    // Storybook's dev server watches the repository: an edit in content/ reloads the stories.
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(CONTENT_DIR)) return undefined;
      const module = server.moduleGraph.getModuleById(RESOLVED);
      if (module) server.moduleGraph.invalidateModule(module);
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
