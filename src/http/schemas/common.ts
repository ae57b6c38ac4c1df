import { Type } from 'typebox';

export const ErrorResponse = Type.Object(
  {
    message: Type.String({ description: 'Human-readable description of the problem.' }),
    code: Type.String({ description: 'Stable machine-readable error code.' }),
  },
  { $id: 'Error', description: 'Every error response (contract §2).' },
);
