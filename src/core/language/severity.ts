import type { DiagnosticCode, Severity } from '../model';

/** The severity of every diagnostic code (the spec's validation table). */
export const DIAGNOSTIC_SEVERITY: Readonly<Record<DiagnosticCode, Severity>> = {
  'expected-id': 'error',
  'invalid-id': 'error',
  'expected-equals': 'error',
  'expected-shape': 'error',
  'expected-arrow': 'error',
  'expected-target': 'error',
  'expected-string': 'error',
  'expected-icon-id': 'error',
  'expected-value': 'error',
  'expected-open-brace': 'error',
  'unexpected-token': 'error',
  'unknown-keyword': 'error',
  'unknown-shape': 'error',
  'duplicate-id': 'error',
  'unterminated-string': 'error',
  'invalid-escape': 'error',
  'unexpected-open-brace': 'error',
  'unexpected-close-brace': 'error',
  'unclosed-group': 'error',
  'invalid-value': 'error',
  'too-many-connections': 'error',
  'nesting-too-deep': 'error',
  'too-many-elements': 'error',
  'too-dense': 'error',
  'unclosed-fence': 'error',
  'unknown-attribute': 'warning',
  'inapplicable-attribute': 'warning',
  'duplicate-attribute': 'warning',
  'undeclared-id': 'warning',
  'unknown-icon': 'warning',
  'repeated-title': 'warning',
  'repeated-direction': 'warning',
  'repeated-theme': 'warning',
  'self-connection': 'warning',
  'label-too-long': 'warning',
};

/** Every diagnostic code, in a stable order (for documentation and exhaustive tests). */
export const DIAGNOSTIC_CODES = Object.keys(DIAGNOSTIC_SEVERITY) as DiagnosticCode[];
