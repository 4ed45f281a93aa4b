/**
 * The field rules of shared/ (shared/limits: every field's limits, the messages that name the
 * field and the fix, `normalizeName`), imported by path like `domain-core.ts` so a form loads
 * them without the unit and pricing tables.
 */
export {
  charLength,
  cookNameField,
  descriptionField,
  durationText,
  emailField,
  FIELD_MESSAGES,
  itemNameField,
  itemQuantityText,
  itemUnitField,
  LIMITS,
  lineNoteField,
  lineQuantityText,
  newPasswordField,
  normalizeName,
  portionsText,
  readField,
  recipeNameField,
  stepsText,
  userNameField,
} from '../../../shared/limits/index.ts';
