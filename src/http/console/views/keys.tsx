// The signing keys' page (docs/console.md#signing-keys): the keys that verify access tokens now, and rotation.
import type { ConsoleSession } from '../../../services/console/sessions.ts';
import { escape } from './escape.ts';
import { Page, PostButton, canEdit } from './layout.tsx';
import { Table } from './table.tsx';

export function KeysPage(props: {
  session: ConsoleSession;
  keys: ReadonlyArray<{ kid?: string | undefined; alg?: string | undefined; crv?: string | undefined }>;
  notice?: string | undefined;
}): JSX.Element {
  return (
    <Page title="Signing keys" session={props.session} section="keys" notice={props.notice}>
      <p>Access tokens are signed with the current key; a retired key keeps verifying until the tokens it signed have expired.</p>
      <Table caption="Keys that verify access tokens (the JWKS)" headers={['Key ID', 'Algorithm', 'Curve']}>
        {props.keys.map((k) => (
          <tr>
            <td class="mono">{escape(k.kid ?? '')}</td>
            <td>{escape(k.alg ?? '')}</td>
            <td>{escape(k.crv ?? '')}</td>
          </tr>
        ))}
      </Table>
      {canEdit(props.session) && (
        <>
          <h2>Rotate</h2>
          <p>A new key becomes current on every instance; tokens issued before stay valid until they expire.</p>
          <div class="actions">
            <PostButton session={props.session} action="/console/keys/rotate" label="Rotate signing key" />
          </div>
        </>
      )}
    </Page>
  );
}
