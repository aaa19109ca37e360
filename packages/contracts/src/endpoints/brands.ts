import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { idParam } from '../common/paging.js';
import { brand, brandList, brandOption, listBrandsQuery, saveBrandBody } from '../brands.js';

/** Brands and counterparties. */
export const brandsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/brands',
    access: 'organizations.view',
    summary: 'Brands and counterparties',
    query: listBrandsQuery,
    answer: brandList,
  }),
  options: endpoint({
    method: 'GET',
    path: '/brands/options',
    access: 'organizations.view',
    summary: 'Every brand, for pick-lists',
    answer: z.array(brandOption),
  }),
  get: endpoint({ method: 'GET', path: '/brands/:id', access: 'organizations.view', summary: 'One brand', params: idParam, answer: brand }),
  create: endpoint({
    method: 'POST',
    path: '/brands',
    access: 'organizations.edit',
    summary: 'Add a brand or counterparty',
    body: saveBrandBody,
    answer: brand,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/brands/:id',
    access: 'organizations.edit',
    summary: 'Edit a brand',
    params: idParam,
    body: saveBrandBody,
    answer: brand,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/brands/:id',
    access: 'organizations.delete',
    summary: 'Delete a brand no organization names',
    params: idParam,
    answer: null,
  }),
};
