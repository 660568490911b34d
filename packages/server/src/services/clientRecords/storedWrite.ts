/**
 * What a client's idempotent write stored: the value, and whether this call stored it (`isNew`)
 * or the same id had been stored before (a retry after a lost answer, which changes nothing).
 * The route answers 201 for a new value and 200 for a retry. `isUpdate`: the same id was stored
 * before and this call changed it (an assessment in progress moved on), still answered 200.
 */
export type StoredWrite<T> = { value: T; isNew: boolean; isUpdate?: boolean };
