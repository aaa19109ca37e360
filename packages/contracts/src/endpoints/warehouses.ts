import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { idParam } from '../common/paging.js';
import { saveWarehouseBody, warehouse } from '../catalog.js';

/** Warehouses: everybody reads them (pick-lists and filters); the stock's editors keep them. */
export const warehousesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/warehouses',
    access: 'signedIn',
    summary: 'All warehouses (pick-lists and filters)',
    answer: z.array(warehouse),
  }),
  get: endpoint({ method: 'GET', path: '/warehouses/:id', access: 'signedIn', summary: 'One warehouse', params: idParam, answer: warehouse }),
  create: endpoint({
    method: 'POST',
    path: '/warehouses',
    access: 'stock.edit',
    summary: 'Add a warehouse',
    body: saveWarehouseBody,
    answer: warehouse,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/warehouses/:id',
    access: 'stock.edit',
    summary: 'Edit or deactivate a warehouse',
    params: idParam,
    body: saveWarehouseBody,
    answer: warehouse,
  }),
};
