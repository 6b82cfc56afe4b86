import { versionOrden } from '@intranet/contract/shared/version-numero';
import type { VersionCanal, VersionEstado } from '@intranet/contract/areas/versiones';
import type { NodeJson } from '@intranet/editor';
import { eq, inArray } from 'drizzle-orm';
import type { SeedOptions } from '../../area.ts';
import type { Tx } from '../../db/client.ts';
import { productos, versionAssets, versiones } from '../../db/schema.ts';
import { registrarArchivo } from '../../storage/archivos.ts';
import { diskStore } from '../../storage/disk.ts';
import { putBytes, type FileStore } from '../../storage/store.ts';

// Demo versions with release notes (the editor's JSON), for the products of the Productos seed.

const DAY = 24 * 60 * 60 * 1000;
const text = (t: string, ...marks: string[]): NodeJson =>
  marks.length ? { type: 'text', text: t, marks: marks.map((type) => ({ type })) } : { type: 'text', text: t };
const p = (...content: NodeJson[]): NodeJson => ({ type: 'paragraph', attrs: { align: null }, content });
const h = (level: number, t: string): NodeJson => ({
  type: 'heading',
  attrs: { level, align: null },
  content: [text(t)],
});
const bullets = (...items: string[]): NodeJson => ({
  type: 'bullet_list',
  content: items.map((item) => ({ type: 'list_item', content: [p(text(item))] })),
});
const doc = (...content: NodeJson[]) => ({ type: 'doc' as const, content });

interface DemoVersion {
  codigo: string;
  numero: string;
  canal: VersionCanal;
  estado: VersionEstado;
  diasAtras: number | null;
  notas: ReturnType<typeof doc>;
}

const VERSIONES: DemoVersion[] = [
  {
    codigo: 'PHY-ERP',
    numero: '3.13.0',
    canal: 'estable',
    estado: 'publicada',
    diasAtras: 61,
    notas: doc(
      h(2, 'Novedades'),
      bullets('Cierre contable mensual con asientos automáticos', 'Exportación del libro IVA digital'),
    ),
  },
  {
    codigo: 'PHY-ERP',
    numero: '3.14.0',
    canal: 'estable',
    estado: 'retirada',
    diasAtras: 25,
    notas: doc(
      p(text('Retirada: ', 'strong'), text('el cálculo de percepciones de IIBB fallaba en Córdoba. Instale 3.14.1.')),
    ),
  },
  {
    codigo: 'PHY-ERP',
    numero: '3.14.1',
    canal: 'hotfix',
    estado: 'publicada',
    diasAtras: 19,
    notas: doc(
      h(2, 'Correcciones'),
      bullets('Percepciones de IIBB de Córdoba', 'Reimpresión de remitos con código de barras'),
    ),
  },
  {
    codigo: 'PHY-ERP',
    numero: '3.14.2',
    canal: 'estable',
    estado: 'publicada',
    diasAtras: 2,
    notas: doc(
      h(2, 'Novedades'),
      p(
        text('Facturación electrónica: '),
        text('CAEA', 'strong'),
        text(' para contingencias y reintento automático de WSFE.'),
      ),
      bullets('Nuevo informe de ventas por vendedor', 'Mejoras de velocidad en la consulta de stock'),
    ),
  },
  {
    codigo: 'PHY-ERP',
    numero: '3.15.0-beta1',
    canal: 'beta',
    estado: 'publicada',
    diasAtras: 9,
    notas: doc(
      p(text('Beta para clientes piloto: ', 'em'), text('nuevo módulo de tesorería con conciliación bancaria.')),
    ),
  },
  {
    codigo: 'PHY-ERP',
    numero: '3.15.0',
    canal: 'estable',
    estado: 'borrador',
    diasAtras: null,
    notas: doc(h(2, 'Novedades'), bullets('Tesorería con conciliación bancaria', 'Cheques electrónicos (ECHEQ)')),
  },
  {
    codigo: 'PHY-SUELDOS',
    numero: '2.8.0',
    canal: 'estable',
    estado: 'publicada',
    diasAtras: 33,
    notas: doc(
      h(2, 'Novedades'),
      bullets('Escalas de Comercio vigentes', 'Libro de sueldos digital: nuevo formato de AFIP'),
    ),
  },
];

export async function seedVersiones(tx: Tx, opts: SeedOptions = {}): Promise<void> {
  const codigos = [...new Set(VERSIONES.map((v) => v.codigo))];
  const ids = new Map(
    (
      await tx
        .select({ id: productos.id, codigo: productos.codigo })
        .from(productos)
        .where(inArray(productos.codigo, codigos))
    ).map((r) => [r.codigo, r.id]),
  );
  const rows = VERSIONES.filter((v) => ids.has(v.codigo)).map((v) => ({
    productoId: ids.get(v.codigo)!,
    numero: v.numero,
    orden: versionOrden(v.numero),
    canal: v.canal,
    estado: v.estado,
    fechaPublicacion: v.diasAtras === null ? null : new Date(Date.now() - v.diasAtras * DAY - 7_200_000),
    notas: v.notas,
  }));
  if (rows.length > 0) await tx.insert(versiones).values(rows);
  if (opts.filesDir) await seedArchivosVersiones(tx, diskStore(opts.filesDir));
}

/** A node's text, its children's joined. */
const textoDe = (n: NodeJson): string => n.text ?? (n.content ?? []).map(textoDe).join('');

/** Release notes as plain lines: a heading or paragraph each, a list's items as "- …". */
const lineasDe = (notas: NodeJson): string[] =>
  (notas.content ?? []).flatMap((n) =>
    n.type === 'bullet_list' ? (n.content ?? []).map((item) => `- ${textoDe(item)}`) : [textoDe(n)],
  );

/** A version's attachment: its change list as text, a few hundred bytes. */
const cambiosDe = (producto: string, numero: string, notas: NodeJson | undefined) =>
  Buffer.from(
    [`${producto} ${numero}: lista de cambios (archivo de demostración)`, '', ...(notas ? lineasDe(notas) : [])].join(
      '\r\n',
    ),
    'utf8',
  );

/**
 * Each version published or retired gets its change list attached, so Versiones → Archivos shows a file (only with a
 * file store, as the demo installers).
 */
export async function seedArchivosVersiones(tx: Tx, store: FileStore): Promise<void> {
  const filas = await tx
    .select({
      id: versiones.id,
      numero: versiones.numero,
      estado: versiones.estado,
      producto: productos.nombre,
      codigo: productos.codigo,
    })
    .from(versiones)
    .innerJoin(productos, eq(productos.id, versiones.productoId));
  for (const v of filas.filter((f) => f.estado !== 'borrador')) {
    const notas = VERSIONES.find((d) => d.codigo === v.codigo && d.numero === v.numero)?.notas;
    const nombre = `${v.codigo.toLowerCase()}-${v.numero}-cambios.txt`;
    const archivo = await registrarArchivo(
      tx,
      { ...(await putBytes(store, cambiosDe(v.producto, v.numero, notas))), tipo: 'text/plain' },
      nombre,
    );
    await tx.insert(versionAssets).values({ versionId: v.id, archivoId: archivo.id, nombre });
  }
}
