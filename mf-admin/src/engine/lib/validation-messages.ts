import {
  DefaultErrorFunction,
  SetErrorFunction,
  ValueErrorType,
  type ErrorFunctionParameter,
} from '@sinclair/typebox/errors';
import { HTTP_URL_PATTERN } from '@portal/contracts/schemas';
import { engineLabels } from '../labels';

/**
 * TypeBox's messages in Chinese, for the form fields of the back office. The TypeBox runtime in
 * the page is the admin remote's own copy, so this changes nothing elsewhere.
 */
export function validationMessage(error: ErrorFunctionParameter): string {
  const s = error.schema as Record<string, unknown>;
  switch (error.errorType) {
    case ValueErrorType.ObjectRequiredProperty:
      return '必填';
    case ValueErrorType.StringMinLength:
      return s.minLength === 1 ? '必填' : `至少 ${String(s.minLength)} 个字符`;
    case ValueErrorType.StringMaxLength:
      return `最多 ${String(s.maxLength)} 个字符`;
    case ValueErrorType.StringPattern:
      return s.pattern === HTTP_URL_PATTERN ? engineLabels.invalidUrl : '格式不正确';
    case ValueErrorType.StringFormat:
    case ValueErrorType.RegExp:
      return '格式不正确';
    case ValueErrorType.String:
      return '请填写文字';
    case ValueErrorType.Integer:
      return '请填写整数';
    case ValueErrorType.Number:
      return '请填写数字';
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return `不能小于 ${String(s.minimum)}`;
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return `不能大于 ${String(s.maximum)}`;
    case ValueErrorType.IntegerExclusiveMinimum:
    case ValueErrorType.NumberExclusiveMinimum:
      return `必须大于 ${String(s.exclusiveMinimum)}`;
    case ValueErrorType.IntegerExclusiveMaximum:
    case ValueErrorType.NumberExclusiveMaximum:
      return `必须小于 ${String(s.exclusiveMaximum)}`;
    case ValueErrorType.IntegerMultipleOf:
    case ValueErrorType.NumberMultipleOf:
      return `必须是 ${String(s.multipleOf)} 的倍数`;
    case ValueErrorType.Boolean:
      return '请选择是或否';
    case ValueErrorType.Array:
      return '应为列表';
    case ValueErrorType.ArrayMinItems:
      return `至少 ${String(s.minItems)} 项`;
    case ValueErrorType.ArrayMaxItems:
      return `最多 ${String(s.maxItems)} 项`;
    case ValueErrorType.ArrayUniqueItems:
      return '不能有重复项';
    case ValueErrorType.Object:
      return '应为对象';
    case ValueErrorType.ObjectAdditionalProperties:
      return '含有不支持的字段';
    case ValueErrorType.ObjectMaxProperties:
      return `最多 ${String(s.maxProperties)} 项`;
    case ValueErrorType.Union:
      // The first member says what is wrong (a secret's own schema before the mask it may hold).
      return error.errors[0]?.First()?.message ?? '请选择或填写有效的值';
    case ValueErrorType.Literal:
      return '请选择或填写有效的值';
    default:
      return DefaultErrorFunction(error);
  }
}

SetErrorFunction(validationMessage);
