import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../api/errors';
import { fieldErrorOf, formLevelError } from './form-errors';

const refused = new ApiClientError('VALIDATION_ERROR', 'name is required', 400, {
  field: 'name',
  details: [
    { field: 'name', message: 'name is required' },
    { field: 'knowledge_ids.1', message: 'knowledge_ids must be a positive whole number' },
  ],
});

describe('form errors', () => {
  it('finds the message for a field, also inside a list field', () => {
    expect(fieldErrorOf(refused, 'name')).toBe('name is required');
    expect(fieldErrorOf(refused, 'knowledge_ids')).toBe('knowledge_ids must be a positive whole number');
    expect(fieldErrorOf(refused, 'notes')).toBeUndefined();
    expect(fieldErrorOf(new Error('boom'), 'name')).toBeUndefined();
  });

  it('shows a message above the form only when no field shows it', () => {
    expect(formLevelError(refused, ['name'], 'Failed')).toBeNull();
    expect(formLevelError(refused, ['notes'], 'Failed')).toBe('name is required');
    expect(formLevelError(new ApiClientError('500', '', 500), ['name'], 'Failed')).toBe('Failed');
    expect(formLevelError(null, ['name'], 'Failed')).toBeNull();
  });
});
