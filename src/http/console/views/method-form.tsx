// A payment method's form (docs/console.md#payment-methods): its fields, its lists (keywords, legal
// links, plans) with their Add and Remove buttons, its translations, and Preview beside Save. Enter
// in a field previews: the hidden first button is the one a browser presses for Enter.
import { listOf, type FormState } from '../../../services/console/form-values.ts';
import { methodFieldShown, PRODUCT_TYPE_LABELS } from '../../../services/console/method-form.ts';
import { PRODUCT_TYPES } from '../../../domain/order-rules.ts';
import type { ConsoleSession } from '../../../services/console/sessions.ts';
import { escape } from './escape.ts';
import { Checkbox, TextArea, TextField, TranslationFields } from './fields.tsx';
import { PreviewSaveButtons, SaveForm } from './forms.tsx';

function ListButton({ action, label }: { action: string; label: string }): JSX.Element {
  return (
    <button type="submit" class="secondary" name="_action" value={action}>
      {escape(label)}
    </button>
  );
}

/** A list's items, each in its fieldset with its Remove button, and the Add button. */
function List(props: {
  form: FormState;
  list: string;
  item: string;
  button: string;
  fields: (at: string, i: number) => JSX.Element;
}): JSX.Element {
  const label = props.item.charAt(0).toUpperCase() + props.item.slice(1);
  return (
    <>
      {listOf(props.form.values, props.list).map((_, i) => (
        <fieldset>
          <legend>
            {escape(label)} {i + 1}
          </legend>
          {props.fields(`${props.list}[${i}].`, i)}
          <ListButton action={`remove-${props.button}:${i}`} label={`Remove ${props.item} ${i + 1}`} />
        </fieldset>
      ))}
      <div class="actions">
        <ListButton action={`add-${props.button}`} label={`Add ${props.item}`} />
      </div>
    </>
  );
}

const TRANSLATED = [
  { field: 'name', label: 'Name' },
  { field: 'description', label: 'Description', area: true },
];

function Translations(props: { form: FormState; prefix?: string; legend: string }): JSX.Element {
  return (
    <fieldset>
      <legend>{escape(props.legend)}</legend>
      <TranslationFields form={props.form} prefix={props.prefix} fields={TRANSLATED} />
    </fieldset>
  );
}

export function MethodForm(props: {
  session: ConsoleSession;
  form: FormState;
  action: string;
  knownTypes: readonly string[];
  /** The store's country: a method's countries when its field is left empty. */
  storeCountry: string;
}): JSX.Element {
  const { form } = props;
  const excludedError = form.errors.excludedProductTypes;
  const amount = { form, inputmode: 'decimal' as const };
  const first = (
    <>
      <button type="submit" name="_action" value="preview" hidden tabindex="-1">
        Preview
      </button>
      <input type="hidden" name="id" value={escape(typeof form.values.id === 'string' ? form.values.id : '')} />
    </>
  );
  return (
    <SaveForm
      session={props.session}
      form={form}
      action={props.action}
      shown={methodFieldShown}
      first={first}
      buttons={<PreviewSaveButtons />}
    >
      <fieldset>
        <legend>Method</legend>
        <TextField form={form} name="name" required />
        <TextArea form={form} name="description" />
        <TextField form={form} name="type" hint="A known type, or any other (served as it is)" list="known-types" required />
        <datalist id="known-types">
          {props.knownTypes.map((t) => (
            <option value={escape(t)}></option>
          ))}
        </datalist>
        <TextField form={form} name="sortOrder" hint="Display order, lowest first; default 0" inputmode="numeric" />
      </fieldset>
      <fieldset>
        <legend>Amounts</legend>
        <TextField {...amount} name="minPurchaseLimit" />
        <TextField {...amount} name="maxPurchaseLimit" />
        <TextField {...amount} name="minApplicationLimit" />
        <TextField {...amount} name="maxApplicationLimit" />
      </fieldset>
      <fieldset>
        <legend>Offered to</legend>
        <Checkbox form={form} name="enabledForNaturalCustomer" label="Enabled for natural customer (private persons)" />
        <Checkbox form={form} name="enabledForLegalCustomer" label="Enabled for legal customer (businesses)" />
        <Checkbox form={form} name="priceSignagePossible" />
      </fieldset>
      <fieldset>
        <legend>Window</legend>
        <TextField
          form={form}
          name="activeFrom"
          hint="Offered from this instant (inclusive), e.g. 2026-11-27T00:00:00+01:00; empty: since always"
        />
        <TextField form={form} name="activeUntil" hint="Offered until this instant (exclusive); empty: for good" />
      </fieldset>
      <fieldset
        aria-describedby={
          excludedError === undefined ? 'f-excludedProductTypes-hint' : 'f-excludedProductTypes-hint f-excludedProductTypes-error'
        }
      >
        <legend>Excluded product types</legend>
        <span class="hint" id="f-excludedProductTypes-hint">
          Not offered to a session whose order holds any of these
        </span>
        {PRODUCT_TYPES.map((t) => (
          <Checkbox form={form} name={`excludedProductTypes.${t}`} label={PRODUCT_TYPE_LABELS[t]} />
        ))}
        {excludedError === undefined ? (
          ''
        ) : (
          <span class="error" id="f-excludedProductTypes-error">
            {escape(excludedError)}
          </span>
        )}
      </fieldset>
      <fieldset>
        <legend>Countries</legend>
        <TextField
          form={form}
          name="countries"
          hint={`Billing countries it is offered in when a session names one: ISO 3166-1 alpha-2 codes, comma-separated (SE, NO); empty: the store's country (${props.storeCountry})`}
        />
      </fieldset>
      <fieldset>
        <legend>Campaign</legend>
        <Checkbox form={form} name="campaign.campaign" label="Campaign method (offered only to sessions with one of its keywords)" />
        {listOf(form.values, 'campaign.keywords').map((_, i) => [
          <TextField form={form} name={`campaign.keywords[${i}]`} label={`Keyword ${i + 1}`} />,
          <ListButton action={`remove-keyword:${i}`} label={`Remove keyword ${i + 1}`} />,
        ])}
        <div class="actions">
          <ListButton action="add-keyword" label="Add keyword" />
        </div>
      </fieldset>
      <fieldset>
        <legend>Legal links</legend>
        <List
          form={form}
          list="legalLinks"
          item="legal link"
          button="link"
          fields={(at) => (
            <>
              <TextField form={form} name={`${at}url`} label="URL" />
              <TextField form={form} name={`${at}type`} hint="PRICE_INFO, SECCI or GENERAL_TERMS" />
              <Checkbox form={form} name={`${at}appendAmount`} />
              <TextField form={form} name={`${at}language`} hint="ISO 639-1, e.g. sv; empty: the store's country's" />
            </>
          )}
        />
      </fieldset>
      <fieldset>
        <legend>Plans</legend>
        <List
          form={form}
          list="plans"
          item="plan"
          button="plan"
          fields={(at, i) => (
            <>
              <TextField form={form} name={`${at}name`} />
              <TextArea form={form} name={`${at}description`} />
              <TextField form={form} name={`${at}durationMonths`} label="Duration months" inputmode="numeric" />
              <TextField {...amount} name={`${at}annuityFactor`} hint="Monthly cost per unit borrowed, up to 12 decimals" />
              <TextField {...amount} name={`${at}administrationFee`} hint="Monthly; default 0" />
              <TextField {...amount} name={`${at}setupFee`} hint="Default 0" />
              <TextField {...amount} name={`${at}interest`} hint="Nominal annual interest, e.g. 0.0995; default 0" />
              <Translations form={form} prefix={at} legend={`Translations of plan ${i + 1}`} />
            </>
          )}
        />
      </fieldset>
      <Translations form={form} legend="Translations of the name and description" />
    </SaveForm>
  );
}
