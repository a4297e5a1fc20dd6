/**
 * Item-write errors that carry more than a message: the old item of a failed
 * condition (ReturnValuesOnConditionCheckFailure ALL_OLD) and the
 * CancellationReasons of a cancelled transaction. The wire layer renders the
 * extra members (`Item`; `CancellationReasons` with a capital `Message`).
 */
import { DynamoError, type WireItem } from '@dynotable/core';

export const CONDITIONAL_CHECK_FAILED_MESSAGE = 'The conditional request failed';

export class ConditionalCheckFailedError extends DynamoError {
  /** The item as it was, in wire form, when the request asked for ALL_OLD and there was one. */
  readonly item: WireItem | undefined;

  constructor(item?: WireItem) {
    super('ConditionalCheckFailedException', CONDITIONAL_CHECK_FAILED_MESSAGE);
    this.item = item;
  }
}

/** One entry of CancellationReasons, in wire shape. */
export interface CancellationReason {
  Code: string;
  Message?: string;
  Item?: WireItem;
}

export class TransactionCanceledError extends DynamoError {
  readonly cancellationReasons: CancellationReason[];

  constructor(reasons: CancellationReason[]) {
    super(
      'TransactionCanceledException',
      `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((reason) => reason.Code).join(', ')}]`,
    );
    this.cancellationReasons = reasons;
  }
}
