// The database schema, one file per area under schema/. drizzle-kit reads this module to generate migrations;
// a new area adds its file there and one line here.
export * from './schema/personas.ts';
export * from './schema/cuentas.ts';
export * from './schema/auditoria.ts';
export * from './schema/conteos.ts';
export * from './schema/servidores.ts';
export * from './schema/paquetes.ts';
export * from './schema/maquinas.ts';
export * from './schema/productos.ts';
export * from './schema/archivos.ts';
export * from './schema/versiones.ts';
export * from './schema/insights.ts';
export * from './schema/clientes.ts';
export * from './schema/vencimientos.ts';
export * from './schema/actualizaciones.ts';
