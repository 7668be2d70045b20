export * from './envelope';
export * from './errors';
export * from './limits';
export * from './permissions';
export * from './contract/common';
export * from './contract/users';
export * from './contract/auth';
export * from './settings';
