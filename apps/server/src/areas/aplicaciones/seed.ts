import { aplicacionInput, type AplicacionInput } from '@intranet/contract/aplicaciones';
import type { Tx } from '../../db/client.ts';
import { crearEn } from './queries.ts';

const parrafo = (text: string) => ({ type: 'paragraph', attrs: { align: null }, content: [{ type: 'text', text }] });
const lista = (items: string[]) => ({
  type: 'bullet_list',
  content: items.map((text) => ({ type: 'list_item', content: [parrafo(text)] })),
});

/**
 * The company's Android apps. No versions: an APK lives in the file store, which the seed cannot reach (as
 * with the seeded packages, recorded without files); staff upload them from the app's detail.
 */
export const APLICACIONES: AplicacionInput[] = [
  {
    package_name: 'com.physis.movil',
    nombre: 'Physis Móvil',
    resumen: 'Stock, clientes y cuenta corriente del ERP desde el teléfono',
    categoria: 'Gestión',
    publicada: true,
    descripcion: {
      type: 'doc',
      content: [
        parrafo('La consulta diaria de Physis ERP para vendedores y gerentes, conectada al servidor del cliente.'),
        lista(['Stock por depósito y precios de lista', 'Saldo y comprobantes de cada cliente', 'Tablero de ventas del día']),
      ],
    },
  },
  {
    package_name: 'com.physis.ventas',
    nombre: 'Physis Ventas',
    resumen: 'Preventa y toma de pedidos sin conexión, sincronizada con Physis ERP',
    categoria: 'Ventas',
    publicada: true,
    descripcion: {
      type: 'doc',
      content: [
        parrafo('Los vendedores arman pedidos en la calle, aun sin señal; los pedidos se envían al volver la conexión.'),
        lista(['Catálogo con fotos y listas de precios', 'Descuentos y condiciones por cliente', 'Recorrido del día']),
      ],
    },
  },
  {
    package_name: 'com.physis.reparto',
    nombre: 'Physis Reparto',
    resumen: 'Hoja de ruta y entregas con firma y foto del remito',
    categoria: 'Logística',
    publicada: true,
    descripcion: { type: 'doc', content: [parrafo('Los choferes siguen la hoja de ruta y confirman cada entrega con la firma del cliente.')] },
  },
  {
    package_name: 'com.physis.inventario',
    nombre: 'Physis Inventario',
    resumen: 'Toma de inventario con el lector de códigos de barras del colector',
    categoria: 'Depósito',
    publicada: false,
    descripcion: { type: 'doc', content: [parrafo('En prueba con dos clientes: conteos por ubicación y ajustes enviados al ERP.')] },
  },
  {
    package_name: 'com.physis.soporte',
    nombre: 'Physis Soporte',
    resumen: 'Tickets de soporte y acceso remoto asistido para clientes',
    categoria: 'Soporte',
    publicada: true,
    descripcion: { type: 'doc', content: [parrafo('Los clientes abren tickets, siguen su estado y habilitan una sesión remota con el técnico.')] },
  },
  {
    package_name: 'com.physis.asistencia',
    nombre: 'Physis Asistencia',
    resumen: 'Fichada de entrada y salida con ubicación, para Physis Sueldos',
    categoria: 'Recursos humanos',
    publicada: false,
    descripcion: { type: 'doc', content: [parrafo('Registra las fichadas del personal y las envía a la liquidación de Physis Sueldos.')] },
  },
];

export async function seedAplicaciones(tx: Tx): Promise<void> {
  for (const app of APLICACIONES) await crearEn(tx, aplicacionInput.parse(app), null);
}
