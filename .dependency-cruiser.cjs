// The portal's import boundaries, checked by `npm run lint:deps` in `npm test`:
// - an area imports only its own folder (sub-areas included) and shared code, never another area;
// - shared code imports no area, except the registry (areas/index.ts) that lists them;
// - the lower layers import not even the registry (server: db, core, plugins, lists, storage, jobs, config, messages,
//   paths, zod-es; web: core, components);
// - the contract's area files import only the contract's shared modules and its registry, never another area's
//   file; the registry reads only the areas' declarations (areas/<area>/area.ts), which import nothing but their type;
// - no import cycles, and no workspace reaches into another's sources but the contract's.
// The area names are the server's area folders: one name per area on every side (areas/registry.test.ts).
const { readdirSync } = require('node:fs');
const { join } = require('node:path');

const names = readdirSync(join(__dirname, 'apps/server/src/areas'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .join('|');
const contractArea = `^packages/contract/src/areas/(${names})(\\.test)?(\\.ts$|/)`;

/** For each side: an area reaches another area, or shared code reaches into an area. */
const sideRules = (side, shared) => [
  {
    name: `${side}-area-imports-area`,
    comment: `An area of ${side} imports another area: move what both use down into shared code (${shared}).`,
    severity: 'error',
    from: { path: `^apps/${side}/src/areas/([^/]+)/` },
    to: { path: `^apps/${side}/src/areas/`, pathNot: [`^apps/${side}/src/areas/$1/`] },
  },
  {
    name: `${side}-shared-imports-area`,
    comment: `Shared code of ${side} imports an area: only the registry (areas/index.ts) lists areas.`,
    severity: 'error',
    from: { path: `^apps/${side}/src/`, pathNot: `^apps/${side}/src/areas/` },
    to: { path: `^apps/${side}/src/areas/[^/]+/` },
  },
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle: break it by moving what both modules need into a third.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...sideRules('web', 'components/ or core/'),
    ...sideRules('server', 'core/, db/, lists/ or storage/'),
    {
      name: 'server-lower-layer-imports-areas',
      comment:
        'A lower layer of the server imports the areas or their registry: the app, the seed and the entry points pass down what it needs.',
      severity: 'error',
      from: { path: '^apps/server/src/((db|core|plugins|lists|storage|jobs)/|(config|messages|paths|zod-es)\\.ts$)' },
      to: { path: '^apps/server/src/areas/' },
    },
    {
      name: 'web-lower-layer-imports-areas',
      comment:
        'Shared code of the web (core/, components/) imports the areas or their registry: the shell passes down what it needs.',
      severity: 'error',
      from: { path: '^apps/web/src/(core|components)/' },
      to: { path: '^apps/web/src/areas/' },
    },
    {
      name: 'web-area-imports-shell',
      comment:
        'An area of the web imports the shell (app/, layout/, pages/): it declares what the shell needs in its index.ts.',
      severity: 'error',
      from: { path: '^apps/web/src/areas/' },
      to: { path: '^apps/web/src/(app|layout|pages)/' },
    },
    {
      name: 'server-area-imports-app',
      comment: 'An area of the server imports the app or its entry points: it declares what they need in its index.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/areas/' },
      to: { path: '^apps/server/src/(app|main|archivos-limpiar)\\.ts$' },
    },
    {
      name: 'contract-area-imports-area',
      comment:
        "An area's schemas import another area's: move what both use into the contract's shared/ (an enumeration into shared/entre-areas.ts).",
      severity: 'error',
      from: { path: contractArea },
      to: { path: '^packages/contract/src/areas/', pathNot: ['^packages/contract/src/areas/$1(\\.ts$|/)'] },
    },
    {
      name: 'contract-shared-imports-area',
      comment: "A shared module of the contract imports an area's schemas or the registry that lists the areas.",
      severity: 'error',
      from: { path: '^packages/contract/src/shared/' },
      to: { path: '^packages/contract/src/(areas/|registry\\.ts$)' },
    },
    {
      name: 'contract-registry-imports-schemas',
      comment:
        "The contract's registry imports an area's schemas: it reads only each area's declaration (areas/<area>/area.ts), which every screen that reads the registry loads.",
      severity: 'error',
      from: { path: '^packages/contract/src/registry\\.ts$' },
      to: { path: '^packages/contract/src/areas/', pathNot: '^packages/contract/src/areas/[^/]+/area\\.ts$' },
    },
    {
      name: 'contract-declaration-imports',
      comment:
        "An area's declaration (areas/<area>/area.ts) imports a module other than its type: it stays plain data (registry.test.ts also keeps zod out).",
      severity: 'error',
      from: { path: '^packages/contract/src/areas/[^/]+/area\\.ts$' },
      to: { pathNot: '^packages/contract/src/shared/area\\.ts$' },
    },
    {
      name: 'workspace-reaches-into-another',
      comment: 'A workspace imports the sources of another: only the contract (and the editor package) are shared.',
      severity: 'error',
      from: { path: '^apps/(web|server)/' },
      to: { path: '^apps/', pathNot: ['^apps/$1/'] },
    },
    {
      name: 'server-thread-imports-spreadsheet-reader',
      comment:
        "The API's thread imports the spreadsheet readers (lists/importacion/lectura.ts, ExcelJS, papaparse, chardet): they load in the import's worker only (convertir.worker.ts); the API's thread reads an upload's kind from archivo.ts.",
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: '(\\.worker\\.ts|\\.test\\.ts)$|^apps/server/src/lists/importacion/lectura\\.ts$',
      },
      to: {
        path: '^apps/server/src/lists/importacion/lectura\\.ts$|(^|/)node_modules/(exceljs|papaparse|chardet)/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'contract-imports-apps',
      comment: 'The contract is the bottom layer: it imports no app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
