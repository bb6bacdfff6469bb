import * as repository from './repository';

/** Records a VIP club request, once per user and type (no rule beyond the unique key). */
export const joinVip = repository.insertRequest;
