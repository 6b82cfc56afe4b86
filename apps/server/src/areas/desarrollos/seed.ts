import {
  DESARROLLO_TRANSICIONES,
  desarrolloInput,
  type DesarrolloEstado,
  type DesarrolloPrioridad,
} from '@intranet/contract/areas/desarrollos';
import type { NodeJson } from '@intranet/editor';
import { eq, isNull, like } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { historiaDemo } from '../../db/historia-demo.ts';
import { clientes, personas, productos, usuarios, versiones } from '../../db/schema.ts';
import { auditado, crearEn, moverEn } from './cambios.ts';
import { desarrolloDetalle, ENTIDAD } from './queries.ts';

// Demo developments over every state and priority, some overdue, each with a backdated state history.
// Runs after the clients', products', people's and versions' seeds; dates are relative to the day it runs.

const DIA = 24 * 60 * 60 * 1000;

interface Demo {
  titulo: string;
  /** The start of the client's razón social; null for internal work. */
  cliente: string | null;
  producto: string;
  prioridad: DesarrolloPrioridad;
  /** A staff member's legajo. */
  responsable: string | null;
  /** The path it took after pendiente, the last one being where it is now. */
  camino: DesarrolloEstado[];
  /** Days ago it was asked for; the commitment and delivery in days from today (negative: past). */
  solicitud: number;
  compromiso?: number;
  entrega?: number;
  horas?: [number | null, number | null];
  version?: string;
  texto: string[];
}

const A = 'analisis';
const D = 'desarrollo';
const T = 'testing';
const E = 'entregado';
const C = 'cancelado';

const DEMOS: Demo[] = [
  {
    titulo: 'Libro IVA digital: exportación con alícuotas múltiples',
    cliente: 'Distribuidora del Litoral',
    producto: 'PHY-ERP',
    prioridad: 'alta',
    responsable: '1008',
    camino: [A, D, T, E],
    solicitud: 70,
    compromiso: -20,
    entrega: -22,
    horas: [40, 46.5],
    version: '3.14.2',
    texto: [
      'El libro IVA digital debe informar comprobantes con más de una alícuota en líneas separadas.',
      'Validado con el estudio contable del cliente.',
    ],
  },
  {
    titulo: 'Percepciones IIBB Santa Fe en facturación',
    cliente: 'Autopartes Rafaela',
    producto: 'PHY-ERP',
    prioridad: 'urgente',
    responsable: '1009',
    camino: [A, D, T],
    solicitud: 30,
    compromiso: -3,
    horas: [24, 30],
    texto: ['Aplicar el padrón de API Santa Fe al emitir facturas a clientes inscriptos en Convenio Multilateral.'],
  },
  {
    titulo: 'Recibo de sueldo con firma digital',
    cliente: 'Clínica San Lucas',
    producto: 'PHY-SUELDOS',
    prioridad: 'media',
    responsable: '1003',
    camino: [A, D],
    solicitud: 45,
    compromiso: 15,
    horas: [60, 22],
    texto: ['Firmar los recibos en PDF con el certificado del empleador y publicarlos en el portal del empleado.'],
  },
  {
    titulo: 'Liquidación de horas extra por convenio de sanidad',
    cliente: 'Clínica San Lucas',
    producto: 'PHY-SUELDOS',
    prioridad: 'alta',
    responsable: '1003',
    camino: [A],
    solicitud: 12,
    compromiso: 20,
    horas: [32, null],
    texto: ['Las horas extra nocturnas y de feriado se pagan con recargos distintos según el convenio de FATSA.'],
  },
  {
    titulo: 'Integración de pedidos con Mercado Libre',
    cliente: 'Ferretería Industrial Chaco',
    producto: 'PHY-WEB',
    prioridad: 'media',
    responsable: '1008',
    camino: [],
    solicitud: 5,
    compromiso: 60,
    horas: [80, null],
    texto: ['Importar las ventas de Mercado Libre como pedidos y actualizar el stock publicado.'],
  },
  {
    titulo: 'Toma de pedidos sin conexión en la app de vendedores',
    cliente: 'Supermercados El Trébol',
    producto: 'PHY-MOBILE',
    prioridad: 'alta',
    responsable: '1009',
    camino: [A, D, T, D],
    solicitud: 50,
    compromiso: -5,
    horas: [120, 96],
    texto: [
      'Los vendedores recorren zonas sin señal: la app guarda los pedidos y los sincroniza al recuperar la conexión.',
      'Volvió a desarrollo: los pedidos duplicados al reintentar la sincronización.',
    ],
  },
  {
    titulo: 'Factura electrónica de crédito MiPyME',
    cliente: 'Metalúrgica Andina',
    producto: 'PHY-FE',
    prioridad: 'urgente',
    responsable: '1002',
    camino: [A, D, T, E],
    solicitud: 90,
    compromiso: -40,
    entrega: -41,
    horas: [50, 58],
    version: '3.14.1',
    texto: ['Emitir FCE con su CBU informada y la aceptación o rechazo del comprador.'],
  },
  {
    titulo: 'Tablero de cobranzas por vendedor',
    cliente: 'Distribuidora del Litoral',
    producto: 'PHY-BI',
    prioridad: 'baja',
    responsable: '1008',
    camino: [],
    solicitud: 3,
    horas: [16, null],
    texto: ['Saldo vencido y a vencer por vendedor y zona, con filtro por fecha.'],
  },
  {
    titulo: 'Cierre de caja con arqueo por medio de pago',
    cliente: 'Panificadora La Espiga',
    producto: 'PHY-POS',
    prioridad: 'media',
    responsable: '1013',
    camino: [A, D, T],
    solicitud: 25,
    compromiso: 10,
    horas: [20, 18],
    texto: ['Arqueo separado para efectivo, débito, crédito y QR al cerrar el turno.'],
  },
  {
    titulo: 'Migración de Physis 2 a Physis ERP',
    cliente: 'Frigorífico del Sur',
    producto: 'PHY-ERP',
    prioridad: 'alta',
    responsable: '1002',
    camino: [A],
    solicitud: 20,
    compromiso: -2,
    horas: [200, 12],
    texto: ['Migrar maestros, saldos y comprobantes abiertos desde Physis 2 (clásico).'],
  },
  {
    titulo: 'Trazabilidad de lotes de vino por barrica',
    cliente: 'Bodegas Valle de Uco',
    producto: 'PHY-ERP',
    prioridad: 'media',
    responsable: '1009',
    camino: [A, D],
    solicitud: 40,
    compromiso: 30,
    horas: [90, 40],
    texto: ['Seguir cada lote desde la molienda hasta el fraccionamiento, con los movimientos entre barricas.'],
  },
  {
    titulo: 'Reserva de habitaciones desde el sitio del hotel',
    cliente: 'Hotel Llao Llao',
    producto: 'PHY-WEB',
    prioridad: 'alta',
    responsable: '1008',
    camino: [C],
    solicitud: 60,
    compromiso: -10,
    horas: [70, null],
    texto: ['Cancelado: el cliente contrató un motor de reservas externo.'],
  },
  {
    titulo: 'Retenciones de Ganancias en órdenes de pago',
    cliente: 'Constructora Norte Grande',
    producto: 'PHY-ERP',
    prioridad: 'urgente',
    responsable: '1009',
    camino: [],
    solicitud: 2,
    compromiso: 12,
    horas: [24, null],
    texto: ['Calcular la retención según el régimen de la RG 830 al emitir la orden de pago.'],
  },
  {
    titulo: 'Reportes de ventas por canal',
    cliente: 'Yerbatera Misionera',
    producto: 'PHY-BI',
    prioridad: 'baja',
    responsable: '1015',
    camino: [A, D, T, E],
    solicitud: 80,
    compromiso: -50,
    entrega: -48,
    horas: [12, 10],
    texto: ['Ventas por canal (mayorista, supermercados, exportación) con comparación interanual.'],
  },
  {
    titulo: 'Sueldos: SICOSS con nuevos conceptos de ART',
    cliente: null,
    producto: 'PHY-SUELDOS',
    prioridad: 'alta',
    responsable: '1003',
    camino: [A, D, T, E],
    solicitud: 35,
    compromiso: -8,
    entrega: -9,
    horas: [30, 27.5],
    version: '2.8.0',
    texto: ['Actualización de la exportación SICOSS por el cambio de alícuotas de ART.'],
  },
  {
    titulo: 'Actualizar dependencias del instalador a .NET 8',
    cliente: null,
    producto: 'PHY-ERP',
    prioridad: 'media',
    responsable: '1004',
    camino: [A, D],
    solicitud: 15,
    compromiso: 25,
    horas: [16, 6],
    texto: ['El instalador todavía instala .NET 6, que ya no tiene soporte.'],
  },
  {
    titulo: 'Pruebas automáticas de facturación electrónica',
    cliente: null,
    producto: 'PHY-FE',
    prioridad: 'media',
    responsable: '1015',
    camino: [A, D, T],
    solicitud: 28,
    compromiso: -1,
    horas: [40, 38],
    texto: ['Casos de prueba contra el ambiente de homologación de AFIP para cada tipo de comprobante.'],
  },
  {
    titulo: 'Escaneo de códigos de barra con la cámara',
    cliente: 'Farmacias Patagónicas',
    producto: 'PHY-MOBILE',
    prioridad: 'media',
    responsable: '1009',
    camino: [],
    solicitud: 8,
    compromiso: 45,
    texto: ['Leer EAN-13 y DataMatrix de medicamentos con la cámara del teléfono.'],
  },
  {
    titulo: 'Control de vencimientos de medicamentos',
    cliente: 'Farmacias Patagónicas',
    producto: 'PHY-POS',
    prioridad: 'alta',
    responsable: '1013',
    camino: [A, D],
    solicitud: 33,
    compromiso: -4,
    horas: [48, 40],
    texto: ['Alertar en el punto de venta los lotes próximos a vencer y bloquear los vencidos.'],
  },
  {
    titulo: 'Padrón de socios y cuotas sociales',
    cliente: 'Cooperativa Agrícola Ganadera de Tandil',
    producto: 'PHY-ERP',
    prioridad: 'baja',
    responsable: null,
    camino: [],
    solicitud: 1,
    texto: ['Administrar el padrón de asociados y facturar la cuota social mensual.'],
  },
  {
    titulo: 'Tasas municipales con código de pago electrónico',
    cliente: 'Municipalidad de Villa General Belgrano',
    producto: 'PHY-WEB',
    prioridad: 'media',
    responsable: '1008',
    camino: [A, C, 'pendiente', A],
    solicitud: 100,
    compromiso: 10,
    horas: [60, 8],
    texto: [
      'Boletas de tasas con código para pago en la red de cobranzas; se reabrió con el nuevo presupuesto municipal.',
    ],
  },
  {
    titulo: 'Guías de despacho para el transporte de carga',
    cliente: 'Transportes Cuyo Express',
    producto: 'PHY-ERP',
    prioridad: 'urgente',
    responsable: '1002',
    camino: [A, D, T, E],
    solicitud: 55,
    compromiso: -30,
    entrega: -28,
    horas: [36, 44],
    version: '3.14.2',
    texto: ['Emitir guías con el código de operación de traslado (COT) de ARBA.'],
  },
  {
    titulo: 'Ajuste por inflación en balances',
    cliente: 'Estudio Contable Romero',
    producto: 'PHY-ERP',
    prioridad: 'media',
    responsable: '1009',
    camino: [A, D, T, C],
    solicitud: 65,
    compromiso: -15,
    horas: [80, 52],
    texto: ['Cancelado: el estudio usará el módulo contable de otro proveedor.'],
  },
  {
    titulo: 'Control de stock en tambo por remito',
    cliente: 'Lácteos La Serenísima',
    producto: 'PHY-MOBILE',
    prioridad: 'baja',
    responsable: '1015',
    camino: [A],
    solicitud: 10,
    compromiso: 40,
    horas: [24, null],
    texto: ['Registrar los litros recibidos por tambo desde el remito, con la app.'],
  },
  {
    titulo: 'Conciliación bancaria automática',
    cliente: 'Agropecuaria Los Ceibos',
    producto: 'PHY-ERP',
    prioridad: 'alta',
    responsable: '1008',
    camino: [A, D, T],
    solicitud: 38,
    compromiso: 5,
    horas: [56, 50],
    version: '3.15.0',
    texto: ['Importar extractos en formato Interbanking y conciliarlos con los movimientos de tesorería.'],
  },
  // The administrator's own (Laura Gómez, the demo's admin account): her home's "Mis desarrollos" is not empty.
  {
    titulo: 'Nuevo portal de autogestión de clientes',
    cliente: null,
    producto: 'PHY-WEB',
    prioridad: 'baja',
    responsable: '1001',
    camino: [],
    solicitud: 4,
    texto: ['Que los clientes descarguen sus facturas y versiones instaladas desde un portal propio.'],
  },
];

const texto = (t: string): NodeJson => ({
  type: 'paragraph',
  attrs: { align: null },
  content: [{ type: 'text', text: t }],
});
const dia = (desdeHoy: number) => new Date(Date.now() + desdeHoy * DIA).toISOString().slice(0, 10);

async function ids(tx: Tx) {
  // One after another: a transaction's queries share one connection.
  const prods = await tx.select({ id: productos.id, codigo: productos.codigo }).from(productos);
  const gente = await tx
    .select({ id: personas.id, legajo: personas.legajo })
    .from(personas)
    .where(isNull(personas.clienteId));
  const vers = await tx
    .select({ id: versiones.id, productoId: versiones.productoId, numero: versiones.numero })
    .from(versiones);
  const cliente = async (razon: string) =>
    (
      await tx
        .select({ id: clientes.id })
        .from(clientes)
        .where(like(clientes.razonSocial, `${razon}%`))
        .limit(1)
    )[0]?.id ?? null;
  return { prods, gente, vers, cliente };
}

export async function seedDesarrollos(tx: Tx): Promise<void> {
  const ref = await ids(tx);
  // Created and moved by the admin, the only demo account that may (seed.ts ROLES), on the request's dates.
  const [admin] = await tx
    .select({ id: usuarios.id, nombre: usuarios.nombre })
    .from(usuarios)
    .where(eq(usuarios.usuario, 'admin'));
  const creados = new Map<string, { id: number; fecha: Date }>();
  for (const demo of DEMOS) {
    const producto = ref.prods.find((p) => p.codigo === demo.producto);
    if (!producto) continue;
    const version = demo.version
      ? ref.vers.find((v) => v.productoId === producto.id && v.numero === demo.version)
      : undefined;
    const values = desarrolloInput.parse({
      titulo: demo.titulo,
      empresa_id: demo.cliente ? await ref.cliente(demo.cliente) : null,
      producto_id: producto.id,
      descripcion: { type: 'doc', content: demo.texto.map(texto) },
      prioridad: demo.prioridad,
      responsable_id: ref.gente.find((p) => p.legajo === demo.responsable)?.id ?? null,
      horas_estimadas: demo.horas?.[0] ?? null,
      horas_reales: demo.horas?.[1] ?? null,
      fecha_solicitud: dia(-demo.solicitud),
      fecha_compromiso: demo.compromiso === undefined ? null : dia(demo.compromiso),
      fecha_entrega: demo.entrega === undefined ? null : dia(demo.entrega),
      version_id: version?.id ?? null,
    });
    const fecha = new Date(Date.now() - demo.solicitud * DIA);
    const creado = await crearEn(tx, values, admin ?? null, fecha);
    creados.set(demo.titulo, { id: creado.id, fecha });
    // Each move a few days after the previous one, the last one before today.
    const paso = Math.max(1, Math.floor(demo.solicitud / (demo.camino.length + 1)));
    let estado: DesarrolloEstado = 'pendiente';
    for (const [i, hacia] of demo.camino.entries()) {
      if (!DESARROLLO_TRANSICIONES[estado].includes(hacia))
        throw new Error(`demo de desarrollos: ${estado} → ${hacia} no está permitido`);
      await moverEn(
        tx,
        creado.id,
        hacia,
        admin ?? null,
        new Date(Date.now() - (demo.solicitud - paso * (i + 1)) * DIA),
      );
      estado = hacia;
    }
  }
  // Two of the newest, not yet moved, were edited since: their history is made up again with those edits.
  const editados = ['Padrón de socios y cuotas sociales', 'Retenciones de Ganancias en órdenes de pago'].flatMap(
    (t) => creados.get(t) ?? [],
  );
  const [padron, retenciones] = editados;
  if (!padron || !retenciones) return;
  await historiaDemo(
    tx,
    ENTIDAD,
    editados.map((d) => d.id),
    async (db, id) => auditado(await desarrolloDetalle(db, id)),
    [
      { id: padron.id, por: 'admin', antes: { prioridad: 'media' } },
      { id: retenciones.id, por: 'admin', antes: { prioridad: 'alta', horas_estimadas: 16 } },
    ],
    { fecha: (id) => editados.find((d) => d.id === id)!.fecha },
  );
}
