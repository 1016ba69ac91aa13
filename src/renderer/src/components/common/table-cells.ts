import { NTag } from 'naive-ui';
import { h, type VNode } from 'vue';
import type { TagType } from '@renderer/model/display/status-tags';

/**
 * A table cell's small borderless tag (a role, a status, a kind), in one look for every
 * resource table.
 */
export function tagCell(text: string, type: TagType = 'default'): VNode {
  return h(NTag, { size: 'small', bordered: false, type }, () => text);
}
