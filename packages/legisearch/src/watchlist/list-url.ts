/** Where the UN Security Council publishes its Consolidated List (English XML). */
export const UN_CONSOLIDATED_LIST_URL = 'https://scsanctions.un.org/resources/xml/en/consolidated.xml'
