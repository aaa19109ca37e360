import { api } from '../../../lib/api-client';

/** The .xlsx template an income is imported from (column titles in the interface language). */
export const downloadImportTemplate = () => api.download('/incomes/import-template', { fallbackName: 'income-template.xlsx' });
