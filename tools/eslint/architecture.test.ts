import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import architecture from './architecture.js';

// RuleTester reports through the test framework's hooks
RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const at = (file: string) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser as never, ecmaVersion: 2022, sourceType: 'module' } });
const { rules } = architecture as unknown as { rules: Record<string, never> };

tester.run('boundaries', rules.boundaries, {
  valid: [
    { filename: at('apps/web/src/features/orders/routes/a.tsx'), code: "import { ProductLabel } from '../../catalog';" },
    { filename: at('apps/web/src/features/orders/routes/a.tsx'), code: "import { x } from '../components/b';" },
    { filename: at('apps/web/src/features/orders/routes/a.tsx'), code: "import { hrefOf } from '../../../lib/paths';" },
    { filename: at('apps/web/src/app/router.tsx'), code: "import { OrdersPage } from '../features/orders/routes/orders-page';" },
    { filename: at('apps/server/src/modules/orders/a.ts'), code: "import { batches } from '../stock/stock.table.js';" },
    { filename: at('apps/server/src/db/schema.ts'), code: "export * from '../modules/orders/orders.table.js';" },
    { filename: at('packages/contracts/src/orders.ts'), code: "import { z } from 'zod';" },
    // a component test renders through the web's test helpers, which render inside the app's providers
    { filename: at('apps/web/src/features/orders/components/a.test.tsx'), code: "import { renderWithApp } from '../../../test/render';" },
    { filename: at('apps/web/src/test/render.tsx'), code: "import { Providers } from '../app/providers';" },
  ],
  invalid: [
    // the test helpers are for tests only
    { filename: at('apps/web/src/features/orders/components/a.tsx'), code: "import { renderWithApp } from '../../../test/render';", errors: 1 },
    // a feature reaches into another feature's internals instead of its public entry
    { filename: at('apps/web/src/features/orders/routes/a.tsx'), code: "import { ProductLabel } from '../../catalog/components/product-label';", errors: 1 },
    // a feature imports the app's composition
    { filename: at('apps/web/src/features/orders/routes/a.tsx'), code: "import { navRegistry } from '../../../app/nav-registry';", errors: 1 },
    { filename: at('apps/web/src/lib/a.ts'), code: "import { x } from '../components/money';", errors: 1 },
    // the database's ground floor does not reach up into the modules' services
    { filename: at('apps/server/src/db/a.ts'), code: "import { x } from '../modules/orders/orders.service.js';", errors: 1 },
    { filename: at('apps/server/src/platform/a.ts'), code: "import { x } from '../modules/users/users.table.js';", errors: 1 },
    // contracts import nothing of the apps
    { filename: at('packages/contracts/src/a.ts'), code: "import { x } from '../../../apps/server/src/config.js';", errors: 1 },
  ],
});

tester.run('no-foreign-table-writes', rules['no-foreign-table-writes'], {
  valid: [
    { filename: at('apps/server/src/modules/orders/a.ts'), code: "import { orders } from './orders.table.js'; await tx.update(orders).set({});" },
    { filename: at('apps/server/src/modules/orders/a.ts'), code: "import { batches } from '../stock/stock.table.js'; await tx.select().from(batches);" },
  ],
  invalid: [
    {
      filename: at('apps/server/src/modules/logistics/a.ts'),
      code: "import { batches } from '../stock/stock.table.js'; await tx.update(batches).set({});",
      errors: 1,
    },
    {
      filename: at('apps/server/src/modules/logistics/a.ts'),
      code: "import { orders } from '../orders/orders.table.js'; await tx.insert(orders).values({}); await tx.delete(orders);",
      errors: 2,
    },
  ],
});

tester.run('no-concurrent-queries-in-transaction', rules['no-concurrent-queries-in-transaction'], {
  valid: [
    { code: 'await db.transaction(async (tx) => { await tx.select(); await tx.select(); });' },
    { code: 'const [a, b] = await Promise.all([db.select(), db.select()]);' },
  ],
  invalid: [
    { code: 'await db.transaction(async (tx) => { await Promise.all([tx.select(), tx.select()]); });', errors: 1 },
    { code: 'async function f(tx: Tx) { return Promise.all([tx.select(), tx.select()]); }', errors: 1 },
  ],
});
