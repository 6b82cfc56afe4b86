import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema.ts';
import { REFERENCIAS_DE_ARCHIVO } from './referencias.ts';

const nombre = (tabla: string, columna: string) => `${tabla}.${columna}`;

describe('REFERENCIAS_DE_ARCHIVO', () => {
  const tablas = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

  it('lists every column with a foreign key to archivos, and nothing else', () => {
    const conClave = tablas.flatMap((tabla) =>
      getTableConfig(tabla)
        .foreignKeys.map((fk) => fk.reference())
        .filter((ref) => getTableName(ref.foreignTable) === 'archivos')
        .flatMap((ref) => ref.columns.map((c) => nombre(getTableName(tabla), c.name))),
    );
    const listadas = REFERENCIAS_DE_ARCHIVO.map((c) => nombre(getTableName(c.table), c.name));
    expect(listadas.sort()).toEqual(conClave.sort());
  });

  it('has an index led by each of them, so "is it in use" is one probe per column', () => {
    for (const col of REFERENCIAS_DE_ARCHIVO) {
      const { indexes } = getTableConfig(col.table as PgTable);
      const primera = indexes
        .map((i) => i.config.columns[0])
        .filter((c) => c && 'name' in c)
        .map((c) => (c as { name: string }).name);
      expect(primera, nombre(getTableName(col.table), col.name)).toContain(col.name);
    }
  });

  it('leaves out no other column that holds a file by its SHA-256 without a foreign key', () => {
    // aplicacion_versiones.sha256 is a copy of its archivo's; the archivo_id beside it is the reference. An import's
    // spreadsheet is needed only until it is imported: the sweep may take it after a day, as any loose upload, and
    // an import asked later says so (lists/importacion/motor.ts). Its rows read into JSON lines, too.
    const sueltas = tablas.flatMap((tabla) =>
      Object.values(getTableColumns(tabla))
        .filter((c) => c.name === 'sha256' || c.name.endsWith('_sha256'))
        .map((c) => nombre(getTableName(tabla), c.name)),
    );
    expect(sueltas.sort()).toEqual([
      'aplicacion_versiones.firma_sha256',
      'aplicacion_versiones.sha256',
      'archivos.sha256',
      'importaciones.archivo_sha256',
      'importaciones.filas_sha256',
    ]);
  });
});
