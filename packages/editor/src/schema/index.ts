// The rich-text schema as plain data. No DOM and no React here: the server imports it.
import { Schema } from 'prosemirror-model';
import { marks } from './marks.ts';
import { nodes } from './nodes.ts';

export const schema = new Schema({ nodes, marks });

export type NodeName = keyof typeof nodes;
export type MarkName = keyof typeof marks;
