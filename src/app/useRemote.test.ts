import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { toRemote } from './useRemote';

const result = (fields: Partial<UseQueryResult<string>>) => fields as UseQueryResult<string>;

describe('toRemote', () => {
  it('shows the data, the error when nothing could be loaded, and loading before either', () => {
    expect(toRemote(result({ isSuccess: true, isError: false, data: 'paths' }))).toEqual({ status: 'ready', data: 'paths' });
    expect(toRemote(result({ isSuccess: false, isError: true, data: undefined, error: new Error('down'), refetch: async () => result({}) }))).toMatchObject({
      status: 'error',
    });
    expect(toRemote(result({ isSuccess: false, isError: false, data: undefined }))).toEqual({ status: 'loading' });
  });

  it('keeps the data on screen when a refresh in the background fails', () => {
    expect(toRemote(result({ isSuccess: false, isError: true, data: 'paths', error: new Error('down') }))).toEqual({ status: 'ready', data: 'paths' });
  });
});
