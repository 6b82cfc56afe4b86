// Types for the one module of @devicefarmer/adbkit-apkreader used here: its AndroidManifest.xml (AXML) parser.
declare module '@devicefarmer/adbkit-apkreader/lib/apkreader/parser/manifest.js' {
  /** Attribute values as the parser types them: numbers for ints, strings, booleans, `resourceId:0x…`. */
  type Valor = string | number | boolean | null | Record<string, unknown>;

  export interface ManifestJson {
    [atributo: string]: unknown;
    package?: Valor;
    versionCode?: Valor;
    versionName?: Valor;
    usesSdk: { [atributo: string]: Valor } | null;
  }

  export default class ManifestParser {
    constructor(buffer: Buffer);
    parse(): ManifestJson;
  }
}
