/**
 * Every table of the product, one file per domain (core.ts holds the entities of the two spec
 * documents as first built). A domain that adds tables adds its own file here and exports it below;
 * only that domain writes them.
 */
export * from './core';
export * from './hosting';
export * from './measurement';
export * from './support';
export * from './users';
export * from './payments';
export * from './security';
export * from './ads';
export * from './delivery';
export * from './two-factor';
