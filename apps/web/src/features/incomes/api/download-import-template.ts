import { api, saveDownload } from '../../../lib/api-client';

/** The .xlsx template an income is imported from (column titles in the interface language). */
export const downloadImportTemplate = async () => saveDownload(await api.incomes.incomes.importTemplate(), 'income-template.xlsx');
