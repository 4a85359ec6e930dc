import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localeFromEnv, parseLocale } from '../../src/core/locale';

test('parseLocale accepts the usual spellings', () => {
  assert.equal(parseLocale('pt-BR'), 'pt-BR');
  assert.equal(parseLocale('pt_br'), 'pt-BR');
  assert.equal(parseLocale('PT'), 'pt-BR');
  assert.equal(parseLocale('en'), 'en');
  assert.equal(parseLocale('en-US'), 'en');
  assert.equal(parseLocale('fr'), undefined);
  assert.equal(parseLocale(undefined), undefined);
});

test('localeFromEnv prefers LC_ALL, then LANG, else English', () => {
  assert.equal(localeFromEnv({ LANG: 'pt_BR.UTF-8' }), 'pt-BR');
  assert.equal(localeFromEnv({ LC_ALL: 'pt_PT.UTF-8', LANG: 'en_US.UTF-8' }), 'pt-BR');
  assert.equal(localeFromEnv({ LC_ALL: 'C.UTF-8', LANG: 'pt_BR.UTF-8' }), 'en');
  assert.equal(localeFromEnv({}), 'en');
});
