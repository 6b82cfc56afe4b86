import { versionOrden } from '@intranet/contract/version-numero';
import type { VersionCanal, VersionEstado } from '@intranet/contract/versiones';
import type { NodeJson } from '@intranet/editor';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { productos, versiones } from '../../db/schema.ts';

// Demo versions with release notes (the editor's JSON, DESIGN §7), for the products of the Productos seed.

const DAY = 24 * 60 * 60 * 1000;
const text = (t: string, ...marks: string[]): NodeJson =>
  marks.length ? { type: 'text', text: t, marks: marks.map((type) => ({ type })) } : { type: 'text', text: t };
const p = (...content: NodeJson[]): NodeJson => ({ type: 'paragraph', attrs: { align: null }, content });
const h = (level: number, t: string): NodeJson => ({ type: 'heading', attrs: { level, align: null }, content: [text(t)] });
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
    codigo: 'PHY-ERP', numero: '3.13.0', canal: 'estable', estado: 'publicada', diasAtras: 61,
    notas: doc(h(2, 'Novedades'), bullets('Cierre contable mensual con asientos automáticos', 'Exportación del libro IVA digital')),
  },
  {
    codigo: 'PHY-ERP', numero: '3.14.0', canal: 'estable', estado: 'retirada', diasAtras: 25,
    notas: doc(p(text('Retirada: ', 'strong'), text('el cálculo de percepciones de IIBB fallaba en Córdoba. Instale 3.14.1.'))),
  },
  {
    codigo: 'PHY-ERP', numero: '3.14.1', canal: 'hotfix', estado: 'publicada', diasAtras: 19,
    notas: doc(h(2, 'Correcciones'), bullets('Percepciones de IIBB de Córdoba', 'Reimpresión de remitos con código de barras')),
  },
  {
    codigo: 'PHY-ERP', numero: '3.14.2', canal: 'estable', estado: 'publicada', diasAtras: 2,
    notas: doc(
      h(2, 'Novedades'),
      p(text('Facturación electrónica: '), text('CAEA', 'strong'), text(' para contingencias y reintento automático de WSFE.')),
      bullets('Nuevo informe de ventas por vendedor', 'Mejoras de velocidad en la consulta de stock'),
    ),
  },
  {
    codigo: 'PHY-ERP', numero: '3.15.0-beta1', canal: 'beta', estado: 'publicada', diasAtras: 9,
    notas: doc(p(text('Beta para clientes piloto: ', 'em'), text('nuevo módulo de tesorería con conciliación bancaria.'))),
  },
  {
    codigo: 'PHY-ERP', numero: '3.15.0', canal: 'estable', estado: 'borrador', diasAtras: null,
    notas: doc(h(2, 'Novedades'), bullets('Tesorería con conciliación bancaria', 'Cheques electrónicos (ECHEQ)')),
  },
  {
    codigo: 'PHY-SUELDOS', numero: '2.8.0', canal: 'estable', estado: 'publicada', diasAtras: 33,
    notas: doc(h(2, 'Novedades'), bullets('Escalas de Comercio vigentes', 'Libro de sueldos digital: nuevo formato de AFIP')),
  },
];

export async function seedVersiones(tx: Tx): Promise<void> {
  const codigos = [...new Set(VERSIONES.map((v) => v.codigo))];
  const ids = new Map(
    (await tx.select({ id: productos.id, codigo: productos.codigo }).from(productos).where(inArray(productos.codigo, codigos))).map((r) => [r.codigo, r.id]),
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
}
