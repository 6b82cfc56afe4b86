import type { Permiso } from '@intranet/contract/shared/area';
/** Ingreso's texts for the API tokens, in Spanish. */
export const authMessages = {
  sesiones: { titulo: 'Sesiones activas' },
  tokens: {
    titulo: 'Tokens de API',
    todos: 'Tokens de API de todas las cuentas',
    ayuda:
      'Un token deja que un script (por ejemplo, el pipeline que publica instaladores y versiones) use la API en su nombre, con los permisos que usted elija entre los suyos. Se envía en la cabecera Authorization: Bearer … y deja de funcionar al vencer o al revocarlo.',
    ayudaTodos:
      'Los tokens de todas las cuentas. Revocar uno lo anula en todos los procesos del portal en menos de un segundo.',
    nuevo: 'Nuevo token',
    verTodos: 'Ver los de todas las cuentas',
    vacio: 'Todavía no hay tokens.',
    campos: {
      nombre: 'Nombre',
      vence: 'Vence el',
      permisos: 'Permisos',
      usuario: 'Cuenta',
      ultimoUso: 'Último uso',
      estado: 'Estado',
    },
    nombreAyuda: 'Para qué es: "Pipeline de instaladores", "Planilla de clientes"…',
    venceAyuda: 'Funciona hasta el final de ese día. Como máximo, un año.',
    permisosAyuda: 'Solo los permisos que usted tiene. Si pierde uno, el token también lo pierde.',
    nunca: 'Nunca',
    estados: { activo: 'Activo', vencido: 'Vencido', revocado: 'Revocado' },
    revocar: 'Revocar',
    revocarTitulo: 'Revocar token',
    revocarTexto: (nombre: string) =>
      `¿Revocar el token "${nombre}"? Los scripts que lo usen dejarán de funcionar en seguida.`,
    revocado: 'Token revocado',
    error: 'No se pudo revocar el token',
    creadoTitulo: 'Token creado',
    creadoAviso: 'Cópielo ahora: por seguridad no se vuelve a mostrar. Si lo pierde, revóquelo y cree otro.',
    copiar: 'Copiar',
    copiado: 'Copiado',
    ejemplo: 'Ejemplo',
    permisoDescripcion: (p: Permiso) =>
      p.pantalla
        ? `${p.descripcion}. Abre ${p.pantalla.nombre} (${p.pantalla.ruta}).`
        : `${p.descripcion}. No abre una pantalla: agrega acciones a otras.`,
    listo: 'Listo',
  },
  segundoFactor: {
    titulo: 'Segundo factor',
    ayuda:
      'Con el segundo factor, además de la contraseña la Intranet le pide un código de 6 dígitos de una aplicación de autenticación de su teléfono (Google Authenticator, Microsoft Authenticator, FreeOTP, 1Password…).',
    requeridoPendiente: 'Uno de sus roles requiere el segundo factor: actívelo para poder usar la Intranet.',
    activo: 'Activo',
    inactivo: 'Desactivado',
    desde: (fecha: string) => `Activo desde el ${fecha}.`,
    restantes: (n: number) => `Le quedan ${n} códigos de recuperación.`,
    requerido: 'Su rol lo requiere: no se puede desactivar.',
    activar: 'Activar',
    paso1: '1. Escanee este código con la aplicación de autenticación de su teléfono.',
    claveManual: 'Si no puede escanearlo, cargue esta clave a mano:',
    paso2: '2. Ingrese el código de 6 dígitos que muestra la aplicación.',
    codigo: 'Código de verificación',
    confirmar: 'Confirmar',
    activado: 'Segundo factor activado',
    codigosTitulo: 'Códigos de recuperación',
    codigosAyuda:
      'Si pierde el teléfono, cada uno de estos códigos sirve una sola vez en lugar del código de la aplicación. Guárdelos en un lugar seguro: no se vuelven a mostrar.',
    copiar: 'Copiar',
    copiado: 'Copiados',
    descargar: 'Descargar',
    listo: 'Ya los guardé',
    desactivar: 'Desactivar',
    desactivarAyuda: 'Para desactivarlo, ingrese un código actual de la aplicación.',
    desactivado: 'Segundo factor desactivado',
    cancelar: 'Cancelar',
    administrar: 'Administrar el de todas las cuentas',
  },
  segundoFactorAdmin: {
    titulo: 'Segundo factor de las cuentas',
    roles: 'Roles que lo requieren',
    rolesAyuda: 'Quienes tengan un rol marcado deben activar el segundo factor: hasta hacerlo, solo pueden activarlo.',
    requiere: (rol: string) => `${rol} requiere segundo factor`,
    cuentas: 'Cuentas',
    columnas: { cuenta: 'Cuenta', estado: 'Estado', desde: 'Activo desde', requerido: 'Su rol lo requiere' },
    si: 'Sí',
    no: 'No',
    restablecer: 'Restablecer',
    restablecerTitulo: 'Restablecer segundo factor',
    restablecerTexto: (nombre: string) =>
      `¿Restablecer el segundo factor de ${nombre}? Queda desactivado y deberá activarlo de nuevo con su teléfono.`,
    restablecido: 'Segundo factor restablecido',
    /** The bulk bar's "Cambiar segundo factor": the one value it may take. */
    loteCampo: 'Segundo factor',
    loteRestablecido: 'Restablecido (queda desactivado)',
    guardado: 'Rol actualizado',
    error: 'No se pudo guardar',
  },
  directorio: {
    titulo: 'Directorio de la empresa',
    ayuda:
      'Quienes no tienen una cuenta local ingresan con su usuario y contraseña del directorio (Active Directory u otro servidor LDAP). En el primer ingreso se crea su cuenta y su persona; en cada ingreso sus roles pasan a ser los de sus grupos. Quien no está en ningún grupo de esta lista no puede ingresar.',
    vinculos:
      'Cada persona del directorio queda vinculada a su cuenta por su identificador del directorio (entryUUID u objectGUID), nunca por su e-mail. Si ya tiene una cuenta en la Intranet, vincúlela desde la pestaña Cuenta de su persona (Identidades vinculadas): hasta entonces no puede ingresar con el directorio.',
    sinConfigurar:
      'El directorio no está configurado en este servidor (LDAP_URL): solo ingresan las cuentas locales. Las asignaciones se pueden preparar igual.',
    configurado: (url: string) => `Conectado a ${url}.`,
    grupo: 'Grupo del directorio',
    grupoAyuda: 'Su nombre (intranet-comercial) o su DN completo (cn=intranet-comercial,ou=grupos,dc=empresa,dc=local)',
    rol: 'Rol en la Intranet',
    agregar: 'Agregar',
    agregado: 'Grupo asignado',
    vacio: 'Ningún grupo da acceso todavía.',
    columnas: { grupo: 'Grupo', rol: 'Rol', alta: 'Alta' },
    quitar: 'Quitar',
    quitarTitulo: 'Quitar grupo',
    quitarTexto: (grupo: string, rol: string) =>
      `¿Quitar el rol ${rol} al grupo "${grupo}"? Sus integrantes lo pierden en su próximo ingreso.`,
    quitado: 'Asignación quitada',
    error: 'No se pudo quitar',
  },
} as const;
