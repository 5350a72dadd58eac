import { anonymizeMe, deleteMyData, exportMyData, type AnonymizedDto, type DataDeletedDto } from '@grouarock/api-client';
import { dataOf } from '../../../lib/query';

/** GET /user/export: everything we hold about the account, as one JSON document. */
export async function exportData(): Promise<unknown> {
  return dataOf(exportMyData({ throwOnError: true }));
}

/** DELETE /user/data: the account's personal data goes, at once. */
export function deleteData(): Promise<DataDeletedDto> {
  return dataOf(deleteMyData({ body: { confirm: 'DELETE' }, throwOnError: true }));
}

/** POST /user/anonymize: signing in ends; public contributions stay under an anonymous name. */
export function anonymize(): Promise<AnonymizedDto> {
  return dataOf(anonymizeMe({ body: { confirm: 'ANONYMIZE' }, throwOnError: true }));
}
