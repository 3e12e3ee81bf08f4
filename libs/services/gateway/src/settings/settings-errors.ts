import { SETTINGS_ERROR_CODES } from '@huntforge/contracts/settings';
import { EncryptionKeyMissingError, InvalidSettingValueError, UnknownSettingError } from '@huntforge/data';
import { HttpError } from '@huntforge/platform';

/** Store errors as client errors; the message never carries the value. A read answers 404 for a key it does not know. */
export function settingsHttpError(error: unknown, unknownStatus: 400 | 404): unknown {
  if (error instanceof UnknownSettingError) {
    return new HttpError(
      unknownStatus,
      SETTINGS_ERROR_CODES.unknownSetting,
      `Unknown setting ${error.key}; GET /api/settings lists the known keys`,
      { key: error.key },
    );
  }
  if (error instanceof InvalidSettingValueError) {
    return new HttpError(400, SETTINGS_ERROR_CODES.invalidSettingValue, error.message, { key: error.key });
  }
  if (error instanceof EncryptionKeyMissingError) {
    return new HttpError(409, SETTINGS_ERROR_CODES.encryptionKeyMissing, error.message, { key: error.key });
  }
  return error;
}
