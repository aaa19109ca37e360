export { AddButton, ReferenceListPage, clientPagination } from './reference-list-page';
export { ReferenceFormModal } from './form-modal';
export { RowActionButton, RowActions, useActionsColumn } from './row-actions';
