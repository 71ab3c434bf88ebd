/**
 * What `npm run backup` and `npm run restore` tell the operator, in Spanish as
 * the rest of the commands' output. Every failure says whether the target was
 * touched, because that is the first thing an operator needs to know.
 */

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.ceil(bytes / 1024).toLocaleString('es-ES')} KB`
    : `${(bytes / 1024 / 1024).toLocaleString('es-ES', { maximumFractionDigits: 1 })} MB`;
const kindName = (kind: string) => (kind === 'postgresql' ? 'PostgreSQL' : 'SQLite');
const untouched = 'No se ha tocado el destino.';

export const backupMessages = {
  usage: 'Uso: npm run backup -- --out ARCHIVO.tar.gz',
  starting: (out: string, kind: string, version: string, media: string) =>
    `Copiando la base de datos (${kindName(kind)}, esquema ${version}) y los medios (${media}) en ${out} ...`,
  done: (out: string, bytes: number, rows: number, tables: number, files: number) =>
    `Copia de seguridad completa: ${out} (${sizeOf(bytes)}), con ${rows} filas en ${tables} tablas y ${files} archivos de medios.`,
  vanished: (keys: string[]) =>
    `Aviso: ${keys.length} archivos de medios se borraron mientras se hacía la copia y no están en ella: ${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}.`,
  noDatabase: (file: string) => `No hay ninguna base de datos en ${file}: compruebe DATA_DIR (o DATABASE_URL, si el sitio usa PostgreSQL).`,
  noSchema: 'La base de datos no tiene el esquema del sitio (ninguna migración aplicada): arranque el sitio una vez antes de copiarla.',
  cannotWrite: (dir: string, why: string) => `No se puede escribir la copia en ${dir} (${why}); no queda ningún archivo a medias.`,
  insideMedia: (folder: string) =>
    `La copia no puede guardarse dentro de la carpeta de medios (${folder}): la siguiente copia la incluiría.`,
  interrupted: 'Copia interrumpida: no queda ningún archivo a medias con el nombre pedido.',
};

export const restoreMessages = {
  usage: 'Uso: npm run restore -- ARCHIVO.tar.gz [--force]',
  missing: (file: string) => `No existe el archivo ${file}. ${untouched}`,
  notGzip: (file: string) => `${file} no es una copia de seguridad de este sitio: no es un archivo .tar.gz. ${untouched}`,
  damaged: (file: string, why: string) => `${file} está incompleto o dañado (${why}). ${untouched}`,
  foreign: (file: string, why: string) => `${file} no es una copia de seguridad de este sitio (${why}). ${untouched}`,
  formatNewer: (file: string, found: number, known: number) =>
    `${file} tiene el formato ${found} de copia de seguridad y este programa solo lee hasta el ${known}: actualice el programa para restaurarla. ${untouched}`,
  schemaNewer: (archive: string, code: string) =>
    `La copia es de una versión más nueva del programa (esquema ${archive}; este programa llega hasta ${code}): actualice el programa antes de restaurarla. ${untouched}`,
  schemaUnknown: (names: string[]) =>
    `La copia tiene migraciones que este programa no conoce (${names.join(', ')}): restáurela con la versión del programa que la hizo. ${untouched}`,
  schemaMismatch: (version: string, why: string) => `La copia no coincide con el esquema ${version} que dice tener (${why}). ${untouched}`,
  targetUnreachable: (where: string, why: string) => `No se puede leer la base de datos de destino ${where} (${why}). ${untouched}`,
  targetRows: (total: number, rows: [string, number][]) =>
    `la base de datos tiene ${total} filas: ${rows.map(([table, count]) => `${table} ${count}`).join(', ')}`,
  targetMedia: (count: number, location: string) => `hay ${count} archivos de medios que no son los de la copia en ${location}`,
  notEmpty: (what: string[]) =>
    `El destino no está vacío (${what.join('; ')}). Para reemplazar su contenido por el de la copia, repita la orden con --force. ${untouched}`,
  noRoom: (folder: string, needed: number) =>
    `No hay ${sizeOf(needed)} libres en ${folder}, lo que ocupa lo que la restauración tiene que escribir allí. ${untouched}`,
  inUse: (file: string) => `Otro proceso tiene abierta la base de datos ${file}: detenga el sitio antes de restaurar. ${untouched}`,
  verified: (file: string, createdAt: string, kind: string, version: string, rows: number, files: number) =>
    `${file}: copia del ${createdAt}, de ${kindName(kind)} con el esquema ${version}; ${rows} filas y ${files} archivos de medios, todo verificado.`,
  databaseFailed: (why: string) => `No se pudo restaurar la base de datos (${why}): se ha deshecho lo escrito. ${untouched}`,
  databaseDone: (where: string, rows: number, tables: number, migrated: string[]) =>
    `Base de datos restaurada en ${where}: ${rows} filas en ${tables} tablas.` +
    (migrated.length > 0 ? ` Migraciones aplicadas después: ${migrated.join(', ')}.` : ''),
  mediaFailed: (why: string) =>
    `La base de datos está restaurada, pero los medios no se pudieron escribir del todo (${why}). Corrija el problema y repita la orden con --force.`,
  done: (files: number, bytes: number, kept: number, media: string) =>
    `Restauración completa: ${files} archivos de medios escritos (${sizeOf(bytes)}) en ${media}` +
    (kept > 0 ? `; ${kept} ya estaban allí y se han dejado como estaban` : '') +
    '. Ya puede arrancar el sitio.',
  sessions: 'Las sesiones abiertas antes de la copia solo siguen valiendo si el sitio arranca con la misma SECRET_KEY.',
};

/** Why an archive is refused: what goes in the brackets of `damaged` and `foreign`. */
export const archiveProblems = {
  endsEarly: 'el archivo termina antes de tiempo',
  badCompression: (detail: string) => `los datos comprimidos no son válidos: ${detail}`,
  notTar: 'no contiene un archivo tar',
  badTarHeader: 'una cabecera del tar no es válida',
  notAFile: (name: string) => `contiene "${name}", que no es un archivo`,
  unknownMember: (name: string) => `contiene "${name}"`,
  afterManifest: 'hay archivos después de manifest.json',
  twice: (name: string) => `"${name}" aparece dos veces`,
  empty: 'está vacío',
  noManifest: 'le falta manifest.json',
  manifestTooLarge: 'manifest.json es demasiado grande',
  manifestNotJson: 'manifest.json no es JSON',
  otherProgram: 'su manifest.json es de otro programa',
  manifestInvalid: (where?: string) => `manifest.json no es válido${where ? `: ${where}` : ''}`,
  unlisted: (name: string) => `"${name}" no figura en el manifiesto`,
  checksum: (name: string) => `"${name}" no coincide con su suma de comprobación`,
  missing: (name: string) => `falta "${name}"`,
  overallChecksum: 'la suma de comprobación de los datos no coincide con el manifiesto',
  tableFileMissing: (table: string) => `falta el archivo de la tabla ${table}`,
  rowCount: (table: string, rows: number) => `la tabla ${table} no tiene las ${rows} filas que dice el manifiesto`,
  strayTable: (name: string) => `"${name}" no es ninguna tabla del manifiesto`,
  mediaTotals: 'los medios no son los que cuenta el manifiesto',
  versionNotLast: 'la versión del esquema no es su última migración',
  badRow: (table: string) => `una fila de la tabla ${table} no tiene sus columnas`,
  changed: (name: string) => `"${name}" cambió durante la restauración`,
  notUpload: (name: string) => `contiene "${name}", que no es el nombre de una imagen subida`,
  notImage: (name: string) => `"${name}" no es la imagen que dice su nombre`,
  notDocument: (name: string) => `"${name}" no es el documento que dice su nombre`,
  memberTooLarge: (name: string, limit: number) =>
    `"${name}" pasa de ${sizeOf(limit)}, más de lo que el sitio guarda nunca en un archivo así`,
  archiveTooLarge: (limit: number) => `descomprimida pasa de ${sizeOf(limit)}`,
};

/** Why an archive does not match the schema it names: the brackets of `schemaMismatch`. */
export const schemaProblems = {
  order: 'sus migraciones no son las primeras de este programa, en su orden',
  missingTable: (table: string) => `falta la tabla ${table}`,
  columns: (table: string, columns: string[]) => `las columnas de ${table} no son ${columns.join(', ')}`,
  extraTable: (table: string) => `la tabla ${table} no existe en ese esquema`,
};

export const commandMessages = {
  unexpected: (why: string) => `Error inesperado: ${why}`,
  stalled: 'La orden se detuvo sin terminar su trabajo: no la dé por hecha.',
};

/** A failure the operator can act on: the command prints the message alone and exits with 1. */
export class BackupFailure extends Error {}
