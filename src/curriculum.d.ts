declare module 'virtual:curriculum' {
  /**
   * content/, read and checked by server/content/load.ts at build time (scripts/vite/curriculum.ts):
   * a `Curriculum` (src/domain/content.ts) with its `version`. Imported by src/fixtures only.
   */
  const curriculum: unknown;
  export default curriculum;
}
