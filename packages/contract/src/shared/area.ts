// What an area tells the rest of the portal about itself. Each area writes one declaration, in
// areas/<area>/area.ts; registry.ts lists them and builds the catalogues from them. No zod here nor in the
// declarations: the web's shell (the menu, the palette) reads the registry, and every area's schemas would come
// along.

/** A permission code's entry in the catalogue, as the role and token dialogs show it. */
export interface Permiso {
  /** The heading the role editor groups the code under ("Soluciones", "Técnica"). */
  area: string;
  descripcion: string;
  /**
   * The screen the code opens, for whoever chooses codes (a token's, a role's); none for a code that only adds actions.
   */
  pantalla?: { nombre: string; ruta: string };
  /** A GET of the API the code alone lets through: the example a new token's dialog shows (tested route by route). */
  ejemplo?: `/api/${string}`;
}

/** A kind of record the command palette finds. */
export interface BusquedaDeclarada {
  /** The kind: the API's `tipo`, and a word the palette's filter prefix takes (`clientes: acme`). */
  tipo: string;
  /** The palette's heading for the kind's records. */
  nombre: string;
  /** Other words the filter prefix takes (`empresas: acme`); a prefix matches the start of any of them. */
  alias: readonly string[];
}

/** A kind of alert: what a person chooses to be told about, per channel, in "Mis alertas". */
export interface AlertaDeclarada {
  /** Its name in "Mis alertas", the bell, the e-mails and the webhooks. */
  nombre: string;
  /** It announces something that happened, not a due date: its items have no `vence`. */
  evento?: true;
  /** Its items belong to a client or to a monitor project: a person who follows some gets these about those only. */
  de?: 'cliente' | 'proyecto';
}

/**
 * One area's declaration. Every part but the name is optional: an area declares only the features it takes part
 * in. The web table ids of `vistas` and `vivas` are the same ids (a table's saved views and its live updates).
 */
export interface AreaContrato {
  /** The area's one name: its folder here (areas/<nombre>), on the server and on the web. */
  nombre: string;
  /** The permission codes the area owns (another area's routes may check them too). */
  permisos?: Readonly<Record<string, Permiso>>;
  /** The kinds of record the command palette finds in the area. */
  busqueda?: readonly BusquedaDeclarada[];
  /** Its lists whose state can be saved as views, by the web table's id, with the code that reads each. */
  vistas?: Readonly<Record<string, string>>;
  /** Its lists that update themselves when someone else changes what they show, by the web table's id. */
  vivas?: readonly string[];
  /** The kinds of alert it raises. */
  alertas?: Readonly<Record<string, AlertaDeclarada>>;
}
