import { ServiceUnavailableException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { clientErrorForQuery, unavailableForDatabase } from './database-errors';

/** An error as node or pg raises it: a message and the fields they set. */
const raised = (message: string, fields: Record<string, unknown> = {}) => Object.assign(new Error(message), fields);
/** The same error met by a query, as TypeORM hands it on. */
const inQuery = (driverError: Error) => new QueryFailedError('SELECT 1', [], driverError);

describe('unavailableForDatabase: a database that does not answer is a 503', () => {
  it.each([
    ['its server refusing the connection', raised('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' })],
    ['its host not found', raised('getaddrinfo ENOTFOUND db', { code: 'ENOTFOUND', syscall: 'getaddrinfo' })],
    ['its host not answering', raised('connect ETIMEDOUT 10.0.0.9:5432', { code: 'ETIMEDOUT', syscall: 'connect' })],
    [
      'every address of its host refusing (node tries each)',
      Object.assign(new AggregateError([raised('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED', syscall: 'connect' }), raised('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' })]), { code: 'ECONNREFUSED' }),
    ],
    ["the pool's wait for a connection running out", raised('timeout exceeded when trying to connect')],
    ['a new connection timing out', raised('Connection terminated due to connection timeout')],
    ['a server starting up or shutting down', raised('the database system is shutting down', { code: '57P03' })],
    ['no connection slot left', raised('sorry, too many clients already', { code: '53300' })],
    ['a shutdown under a query', inQuery(raised('terminating connection due to administrator command', { code: '57P01' }))],
    ['a crash under a query', inQuery(raised('terminating connection because of crash of another server process', { code: '57P02' }))],
    ['a connection exception', inQuery(raised('connection failure', { code: '08006' }))],
    ['the connection lost under a query', inQuery(raised('Connection terminated unexpectedly'))],
    ['the socket reset under a query', inQuery(raised('read ECONNRESET', { code: 'ECONNRESET', syscall: 'read' }))],
    ['a client whose connection failed before', inQuery(raised('Client has encountered a connection error and is not queryable'))],
  ])('for %s', (_, error) => {
    const answer = unavailableForDatabase(error);
    expect(answer).toBeInstanceOf(ServiceUnavailableException);
    expect(answer?.getResponse()).toEqual({ message: 'The database does not answer right now; try again in a moment', code: 'database_unavailable' });
  });

  it.each([
    ['a query the server refused', inQuery(raised('syntax error at or near "SELEC"', { code: '42601' }))],
    ['a unique index a client ran into', inQuery(raised('duplicate key value', { code: '23505' }))],
    ['a statement cancelled by its timeout', inQuery(raised('canceling statement due to statement timeout', { code: '57014' }))],
    ['a socket error other than connecting, from anywhere', raised('read ECONNRESET', { code: 'ECONNRESET', syscall: 'read' })],
    ['several errors, not all of them failures to connect', new AggregateError([raised('connect ECONNREFUSED', { code: 'ECONNREFUSED', syscall: 'connect' }), new Error('boom')])],
    ['a plain error', new Error('boom')],
    ['something not an error', 'boom'],
    ['nothing', undefined],
  ])('not for %s', (_, error) => {
    expect(unavailableForDatabase(error)).toBeUndefined();
  });

  it('leaves the errors a client caused to clientErrorForQuery, and those are not 503s', () => {
    const duplicate = inQuery(raised('duplicate key value', { code: '23505' }));
    expect(clientErrorForQuery(duplicate)?.getStatus()).toBe(409);
    expect(clientErrorForQuery(inQuery(raised('connection failure', { code: '08006' })))).toBeUndefined();
  });
});
