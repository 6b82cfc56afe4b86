import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Column builders every table shares. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const instante = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });
export const creado = () => instante('creado').notNull().defaultNow();
export const actualizado = () => instante('actualizado').notNull().defaultNow();
