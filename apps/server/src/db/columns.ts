import { customType } from 'drizzle-orm/pg-core';

/** Binary data: a Buffer on node-postgres, a Uint8Array on PGlite; always answered as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
