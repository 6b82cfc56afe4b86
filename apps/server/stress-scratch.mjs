import { PGlite } from '@electric-sql/pglite';
const t0 = Date.now();
for (let i = 0; i < 40 && Date.now() - t0 < 150000; i++) {
  const db = await PGlite.create();
  await db.query('create table t(a int)'); await db.query('insert into t select generate_series(1,20000)');
  await db.query('select sum(a) from t');
  await db.close();
  if (globalThis.gc) globalThis.gc();
  process.stdout.write('.');
}
console.log(' ok', process.execArgv.join(' '));
