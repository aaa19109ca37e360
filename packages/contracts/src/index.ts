import './common/validation.js';

export * from './common/languages.js';
export * from './common/translit.js';
export * from './common/phone.js';
export * from './common/inn.js';
export * from './common/errors.js';
export * from './common/validation.js';
export * from './common/paging.js';
export * from './common/format.js';
export * from './common/permissions.js';
export * from './common/session.js';
export * from './account.js';
export * from './users.js';
export * from './roles.js';
export * from './regions.js';
export * from './departments.js';
export * from './audit.js';
