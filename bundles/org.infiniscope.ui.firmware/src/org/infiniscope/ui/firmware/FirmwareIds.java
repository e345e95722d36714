package org.infiniscope.ui.firmware;

/**
 * The element ID of the firmware part in the application model, and the IDs its widgets (and the flash wizard's)
 * carry as data under {@link #WIDGET_ID}, the key the UI tests look widgets up by.
 */
public final class FirmwareIds {

    /** The key of a widget's ID in its data. */
    public static final String WIDGET_ID = "org.infiniscope.ui.widgetId";

    /** The firmware part: the inventory of the open fabric and the flash wizard. */
    public static final String PART_FIRMWARE = "org.infiniscope.ui.part.firmware";

    /** The inventory table: node, GUID, type, LID, device, version, PSID, status. */
    public static final String TABLE = "firmware.table";
    /** The label saying what the table shows and when it was read. */
    public static final String STATUS = "firmware.status";
    /** Reads the inventory again. */
    public static final String REFRESH = "firmware.refresh";
    /** Compares the rows against an image the user chooses instead of the newest version seen per PSID. */
    public static final String COMPARE = "firmware.compare";
    /** Opens the flash wizard on the selected node. */
    public static final String FLASH = "firmware.flash";

    /** Wizard: the image file's path. */
    public static final String IMAGE_PATH = "firmware.wizard.path";
    /** Wizard: the chosen image's description. */
    public static final String IMAGE_DESCRIPTION = "firmware.wizard.description";
    /** Wizard: the PSID check's verdict. */
    public static final String PSID_CHECK = "firmware.wizard.psid";
    /** Wizard: burn although the PSID differs. */
    public static final String FORCE = "firmware.wizard.force";
    /** Wizard: check and report, write nothing. */
    public static final String DRY_RUN = "firmware.wizard.dryrun";
    /** Wizard: restart the adapter after the burn, so that it runs the new image. */
    public static final String RESTART = "firmware.wizard.restart";
    /** Wizard: use the image's GUIDs and MACs instead of keeping the adapter's. */
    public static final String USE_IMAGE_GUIDS = "firmware.wizard.imageguids";
    /** Wizard: starts the burn (or the dry run). */
    public static final String BURN = "firmware.wizard.burn";
    /** Wizard: cancels the burn under way (safe: the old image stays active). */
    public static final String CANCEL = "firmware.wizard.cancel";
    /** Wizard: the burn's progress bar. */
    public static final String PROGRESS = "firmware.wizard.progress";
    /** Wizard: the phase, percentage and ETA of the burn under way, then its outcome. */
    public static final String BURN_STATUS = "firmware.wizard.status";

    /** The status column's text of a node whose firmware is older than the reference for its PSID. */
    public static final String OUT_OF_DATE = "out of date";

    private FirmwareIds() {
    }
}
