/**
 * The server's answers a page checks on its first load (the frame, the search page, sign-in), as
 * Standard Schema checks compiled from the contracts' zod schemas (scripts/answer-validators.ts): the
 * same rules, without the schema library on the first load. Other answers are checked with the zod
 * schemas themselves, loaded with the page that asks for them.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import * as validators from './generated/answer-validators';

export type AnswerCheck<T> = StandardSchemaV1<unknown, T>;

function answerCheck<T>(name: string, validate: validators.AnswerValidator<T>): AnswerCheck<T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'registry-contracts',
      validate: (value) =>
        validate(value) ? { value } : { issues: [{ message: `The answer is not a valid ${name}` }] },
    },
  };
}

export const answerChecks = {
  apiError: answerCheck('error', validators.apiError),
  rate: answerCheck('rate', validators.rate),
  ledgerInfo: answerCheck('ledger information', validators.ledgerInfo),
  tldList: answerCheck('list of top-level domains', validators.tldList),
  availability: answerCheck('availability', validators.availability),
  suggestions: answerCheck('list of suggestions', validators.suggestions),
  taken: answerCheck('list of taken names', validators.taken),
  challenge: answerCheck('sign-in challenge', validators.challenge),
  session: answerCheck('session', validators.session),
  signedInAccount: answerCheck('signed-in account', validators.signedInAccount),
  logoutEverywhere: answerCheck('count of ended sessions', validators.logoutEverywhere),
  remotesList: answerCheck('remotes list', validators.remotesList),
};
