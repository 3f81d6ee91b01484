import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serveConfig } from '../../src/config.js';
import { humanLine } from '../../src/server/human-log.js';

const at = (hours: number, minutes: number, seconds: number) => new Date(2026, 10, 28, hours, minutes, seconds).getTime();

describe('the server log for a person at a terminal', () => {
  it('prints a request as one short line: clock, method, URL, status, time', () => {
    const json = JSON.stringify({ level: 30, time: at(9, 5, 7), pid: 1, reqId: 'r1', method: 'GET', url: '/transactions?limit=100', status: 200, ms: 3.21, msg: 'request' });
    assert.equal(humanLine(json), '09:05:07 GET /transactions?limit=100 200 3.21 ms');
  });

  it('names levels above info, and adds an error its message', () => {
    assert.equal(humanLine(JSON.stringify({ level: 40, time: at(23, 59, 0), msg: 'DURABILITY WARNING: x' })), '23:59:00 WARN DURABILITY WARNING: x');
    assert.equal(humanLine(JSON.stringify({ level: 50, time: at(0, 0, 1), msg: 'error while shutting down', err: { message: 'pool ended' } })), '00:00:01 ERROR error while shutting down: pool ended');
  });

  it('never prints what a client sent raw: control characters in a URL or message are escaped', () => {
    const line = humanLine(JSON.stringify({ level: 30, time: at(1, 2, 3), method: 'GET', url: '/x\u001b[2J\u202e', status: 404, ms: 1, msg: 'request' }));
    assert.equal(line, '01:02:03 GET /x\\x1b[2J\\u{202e} 404 1 ms');
    assert.equal(humanLine('not json \u0007\n'), 'not json \\x07');
  });

  it('is the default at a terminal, JSON into a pipe or a file; --log-format or MONETA_LOG_FORMAT choose', () => {
    assert.equal(serveConfig({}, {}, true).logFormat, 'human');
    assert.equal(serveConfig({}, {}, false).logFormat, 'json');
    assert.equal(serveConfig({ logFormat: 'json' }, {}, true).logFormat, 'json');
    assert.equal(serveConfig({}, { MONETA_LOG_FORMAT: 'human' }, false).logFormat, 'human');
    assert.throws(() => serveConfig({ logFormat: 'pretty' }, {}, true), /--log-format must be "human" or "json" \(got "pretty"\)/);
  });
});
