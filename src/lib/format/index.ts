export * from './money';
export * from './dates';
export * from './numbers';
export * from './hosting-platform';
export * from './files';
export * from './text';
