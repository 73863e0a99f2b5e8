/**
 * The delivery section's fields beyond the flat charge and threshold, as /dash/settings shows a new shop's (the flat
 * rule, and each zone's slabs and days): a test posting the section changes what it means to and sends these as shown.
 */
export const DELIVERY_FORM_REST = {
  deliveryMode: 'flat',
  localUpTo500g: '40',
  localUpTo1kg: '60',
  localEachFurther500g: '25',
  localDaysFrom: '2',
  localDaysTo: '3',
  nationalUpTo500g: '60',
  nationalUpTo1kg: '90',
  nationalEachFurther500g: '40',
  nationalDaysFrom: '4',
  nationalDaysTo: '6',
  specialUpTo500g: '90',
  specialUpTo1kg: '140',
  specialEachFurther500g: '60',
  specialDaysFrom: '7',
  specialDaysTo: '10',
} as const
