/** The process-wide store, opened and migrated once. Model modules call getDb(). */
import { migrate, openStore, type Store } from "./connect.server";

declare global {
  var __kubexStore: Promise<Store> | undefined;
}

export function getStore(): Promise<Store> {
  if (!globalThis.__kubexStore) {
    globalThis.__kubexStore = (async () => {
      const store = openStore();
      await migrate(store);
      return store;
    })();
  }
  return globalThis.__kubexStore;
}

export async function getDb() {
  return (await getStore()).db;
}

/** Tests swap in their own store (a temp SQLite file or a PostgreSQL database). */
export function setStore(store: Store | undefined) {
  globalThis.__kubexStore = store ? Promise.resolve(store) : undefined;
}
